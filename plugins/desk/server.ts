import { defineServerPlugin } from '../../core/sdk/server';
import deskPlugin from './index';
import { noticeServer } from './notice/server';

/** The server part: the notices (the engine's endpoints, publishing, each member's notices and read marks, demo data). */
export default defineServerPlugin(deskPlugin, noticeServer);
