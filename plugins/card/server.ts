import { composeServerParts, defineServerPlugin } from '../../core/sdk/server';
import cardPlugin from './index';
import { albumServer } from './album/server';
import { staffServer } from './staff/server';
import { systemStaffServer } from './system-staff/server';
import { companyServer } from './company/server';
import { festivalServer } from './festival/server';
import { wxServer } from './wx/server';

/**
 * The server part: each area's engine options, endpoints, migrations and demo data, in the order the
 * demo data needs them (companies before their staff, staff before albums and festivals).
 */
export default defineServerPlugin(
  cardPlugin,
  composeServerParts(
    companyServer,
    staffServer,
    systemStaffServer,
    albumServer,
    festivalServer,
    wxServer,
  ),
);
