import { localize, namesById, type ServerContext, type ServerParts } from '../../../core/sdk/server';
import { chartRoutes } from './chart';
import { REGION_TEXT } from './ip-region';
import { RECORD_PATHS, RECORD_RATE_RULES, recordingRoutes } from './recording';
import { rollupMigrations } from './rollup';
import { seedVisits } from './seed';

/** A visitor id as the back office shows it: its first and last 4 characters (2 of a short one). */
export function maskVisitorId(id: string): string {
  if (!id) return '';
  const keep = id.length >= 12 ? 4 : 2;
  return `${id.slice(0, keep)}****${id.slice(-keep)}`;
}

const idOf = (value: unknown) => (typeof value === 'string' && value !== '' && value !== '0' ? value : undefined);

/**
 * Visit records: read through the engine (page and detail; no save, no removal), each row with its staff
 * member's and company's names and its visitor id masked; the public recording endpoints; the statistics
 * call; the roll-up's tables; the demo visits.
 */
export const recordsServer: ServerParts = {
  migrations: rollupMigrations,
  resources: {
    visit: (ctx: ServerContext) => ({
      skip: ['submit', 'remove'],
      hooks: {
        async afterRead({ tx, user, rows }) {
          const staffIds = rows.flatMap((r) => idOf(r.staffId) ?? []);
          const companyIds = rows.flatMap((r) => idOf(r.companyId) ?? []);
          const staff = await namesById(ctx.extensions.names.staff, tx, user.tenantId, staffIds);
          const companies = await namesById(ctx.extensions.names.company, tx, user.tenantId, companyIds);
          for (const row of rows) {
            row.visitorId = maskVisitorId(String(row.visitorId ?? ''));
            row.staffName = staff.get(String(row.staffId)) ?? '';
            row.companyName = companies.get(String(row.companyId)) ?? '';
            const region = REGION_TEXT[row.ipRegion as keyof typeof REGION_TEXT];
            if (region) row.ipRegion = localize(region);
          }
        },
      },
    }),
  },
  routes(api, ctx) {
    chartRoutes(api, ctx);
    recordingRoutes(api, ctx);
  },
  publicPaths: RECORD_PATHS,
  rateRules: RECORD_RATE_RULES,
  seed: seedVisits,
};
