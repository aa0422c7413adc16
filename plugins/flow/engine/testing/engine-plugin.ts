import { composeServerParts, defineServerPlugin } from '../../../../core/sdk/server';
import flowPlugin from '../../index';
import { flowTables } from '../../tables';
import { engineServer } from '../server';

/**
 * The flow plugin with its tables and its engine only: the engine's tests run on what the engine itself
 * writes, without the administration's demo deployments.
 */
export const engineOnlyServer = defineServerPlugin(flowPlugin, composeServerParts({ migrations: [flowTables] }, engineServer));
