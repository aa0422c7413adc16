import { composeServerParts, defineServerPlugin } from '../../core/sdk/server';
import flowPlugin from './index';
import { adminServer } from './admin/server';
import { engineServer } from './engine/server';
import { flowTables } from './tables';
import { workServer } from './work/server';

/** The server part: the tables, the engine (and the service other plugins start processes with), the work lists, the administration. */
export default defineServerPlugin(flowPlugin, composeServerParts({ migrations: [flowTables] }, engineServer, workServer, adminServer));
