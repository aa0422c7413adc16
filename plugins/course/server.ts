import { composeServerParts, defineServerPlugin } from '../../core/sdk/server';
import coursePlugin from './index';

/** The server part: courses before their registrations. */
export default defineServerPlugin(coursePlugin, composeServerParts());
