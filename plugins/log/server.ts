import { defineServerPlugin } from '../../core/sdk/server';
import logPlugin from './index';

/** The server part. */
export default defineServerPlugin(logPlugin, {});
