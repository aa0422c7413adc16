import { defineServerPlugin } from '../../core/sdk/server';
import resourcePlugin from './index';

/** The server part. */
export default defineServerPlugin(resourcePlugin, {});
