import { composeServerParts, defineServerPlugin } from '../../core/sdk/server';
import { attachServer } from './attach/server';
import resourcePlugin from './index';
import { ossServer } from './oss/server';
import { smsServer } from './sms/server';

/** The server part: the storage configurations (and the stores they provide) before the attachments kept in them. */
export default defineServerPlugin(resourcePlugin, composeServerParts(ossServer, attachServer, smsServer));
