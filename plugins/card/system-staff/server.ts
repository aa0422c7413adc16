import { type DbRow, type Json, type ServerContext, type ServerParts, str, type Tx } from '../../../core/sdk/server';
import { companiesById, decorateStaffRows } from '../staff/server-rules';

/**
 * Every tenant's staff for the super administrator: the engine reads the staff table as its owner across
 * tenants (`allTenants`: an administrator of 000000 only, whatever codes anyone else holds), lists,
 * shows and removes; there is no save. Each row names its tenant and company.
 */

async function tenantNames(tx: Tx, tenantIds: readonly string[]): Promise<Map<string, string>> {
  if (tenantIds.length === 0) return new Map();
  const rows = await tx.query<{ tenant_id: string; tenant_name: string | null }>('select tenant_id, tenant_name from blade_tenant where tenant_id = any($1::varchar[]) and is_deleted = 0', [
    [...tenantIds],
  ]);
  return new Map(rows.map((r) => [r.tenant_id, str(r.tenant_name)]));
}

async function describeRows(ctx: ServerContext, tx: Tx, rows: Json[], raw: readonly DbRow[]): Promise<void> {
  const tenants = [...new Set(raw.map((r) => str(r.tenant_id)))];
  const names = await tenantNames(tx, tenants);
  for (const tenantId of tenants) {
    const mine = raw.flatMap((r, i) => (str(r.tenant_id) === tenantId ? [i] : []));
    const companies = await companiesById(tx, tenantId, mine.map((i) => str(raw[i]!.company_id)));
    for (const i of mine) {
      rows[i]!.tenantName = names.get(tenantId) ?? '';
      rows[i]!.companyName = companies.get(str(raw[i]!.company_id)) ?? '';
    }
  }
  await decorateStaffRows(ctx, tx, rows, raw);
}

export const systemStaffServer: ServerParts = {
  resources: {
    systemStaff: (ctx) => ({
      allTenants: true,
      skip: ['save', 'update'],
      hooks: {
        async afterRead({ tx, rows, raw }) {
          await describeRows(ctx, tx, rows, raw);
        },
      },
    }),
  },
};
