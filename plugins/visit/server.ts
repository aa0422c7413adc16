import { composeServerParts, defineServerPlugin } from '../../core/sdk/server';
import visitPlugin from './index';
import { recordsServer } from './records/server';
import { attachServer } from './attach/server';

/**
 * The server part: each area's engine options, endpoints, migrations, jobs and demo data; the records
 * first, since the attachments' demo grants go to visitors of the demo visits.
 */
export default defineServerPlugin(
  visitPlugin,
  composeServerParts(
    recordsServer,
    attachServer,
  ),
);
