import { composeServerParts, defineServerPlugin } from '../../core/sdk/server';
import mallPlugin from './index';
import { productServer } from './product/server';
import { orderServer } from './order/server';

/** The server part: each area's engine options, endpoints, migrations and demo data (products before the orders of them). */
export default defineServerPlugin(mallPlugin, composeServerParts(productServer, orderServer));
