import { composeServerParts, defineServerPlugin } from '../../core/sdk/server';
import geniusPlugin from './index';

/** The server part: geniuses before their orders and articles. */
export default defineServerPlugin(geniusPlugin, composeServerParts());
