import { composeServerParts, defineServerPlugin } from '../../core/sdk/server';
import certificatePlugin from './index';
import { orderServer } from './order/server';
import { fileServer } from './file/server';
import { payServer } from './pay/server';

/** The server part: the orders, the payment providers and their actions, the certificate files. */
export default defineServerPlugin(certificatePlugin, composeServerParts(orderServer, payServer, fileServer));
