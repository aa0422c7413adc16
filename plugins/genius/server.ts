import { composeServerParts, defineServerPlugin } from '../../core/sdk/server';
import { articleServer } from './article/server';
import geniusPlugin from './index';
import { orderServer } from './order/server';
import { profileServer } from './profile/server';

/** The server part: geniuses before their orders and articles. */
export default defineServerPlugin(geniusPlugin, composeServerParts(profileServer, orderServer, articleServer));
