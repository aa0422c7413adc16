import { composeServerParts, defineServerPlugin } from '../../core/sdk/server';
import visitPlugin from './index';
import { recordsServer } from './records/server';
import { attachServer } from './attach/server';

/** The server part: each area's engine options, endpoints, migrations and demo data. */
export default defineServerPlugin(
  visitPlugin,
  composeServerParts(
    // Each area adds its parts here: records (with the recording endpoint and statistics), attachments.
    recordsServer,
    attachServer,
  ),
);
