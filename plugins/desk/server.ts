import { defineServerPlugin } from '../../core/sdk/server';
import deskPlugin from './index';

/** The server part. */
export default defineServerPlugin(deskPlugin, {});
