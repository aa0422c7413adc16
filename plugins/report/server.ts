import { defineServerPlugin } from '../../core/sdk/server';
import reportPlugin from './index';

/** The server part. */
export default defineServerPlugin(reportPlugin, {});
