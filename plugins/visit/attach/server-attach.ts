import { bizError, FILE_ROUTE, localize, type CrudHooks, type ServerContext, type Tx } from '../../../core/sdk/server';
import { ATTACH_FILE_TYPES, GRANT_STATE_NAMES } from './grant-states';
import { GRANT_TABLE, grantCounts } from './server-grants';
import { ATTACH_MSG } from './server-messages';

/** A link the file route serves: `/api/blade-resource/oss/endpoint/file/<random name>.<extension>`. */
const OUR_FILE = new RegExp(`^/api${FILE_ROUTE.replace(/[/.]/g, '\\$&')}/([0-9a-f]{32}\\.(?:${ATTACH_FILE_TYPES.join('|')}))$`);

/**
 * The stored file a link names, uploaded in the caller's tenant. Only such files are offered: the link is
 * what a granted visitor is handed, so it must be one we keep and whose kind we checked by its bytes,
 * never an address anyone typed.
 */
async function storedFile(tx: Tx, tenantId: string, link: string): Promise<{ size: number; extension: string }> {
  const name = OUR_FILE.exec(link.trim())?.[1];
  const row = name
    ? await tx.one<{ attach_size: number | string; extension: string }>('select attach_size, extension from blade_attach where tenant_id = $1 and name = $2 and is_deleted = 0', [tenantId, name])
    : undefined;
  if (!row) throw bizError(ATTACH_MSG.fileNotOurs);
  return { size: Number(row.attach_size), extension: row.extension };
}

/**
 * The engine's hooks for attachments: the file's size and kind come from the stored file, the staff
 * member must exist (asked of the card plugin, which keeps staff), and every row read carries its grants
 * counted by state as of now.
 */
export function attachHooks(ctx: ServerContext): CrudHooks {
  return {
    async beforeChange({ tx, user, values }) {
      if (typeof values.fileLink === 'string') {
        const file = await storedFile(tx, user.tenantId, values.fileLink);
        values.fileSize = file.size;
        values.fileType = file.extension;
      }
      const staffNames = ctx.extensions.names.staff;
      if (values.staffId !== undefined && values.staffId !== null && staffNames) {
        if ((await staffNames(tx, user.tenantId, [String(values.staffId)])).length === 0) throw bizError(ATTACH_MSG.staffNotFound);
      }
    },
    async afterChange({ tx, user, mode, id, values }) {
      // A file handed to another staff member takes its grants along (requests are read per staff member).
      if (mode === 'edit' && values.staffId) {
        await tx.query(`update ${GRANT_TABLE} set staff_id = $3 where tenant_id = $1 and attach_id = $2 and staff_id <> $3`, [user.tenantId, id, values.staffId]);
      }
    },
    async afterRead({ tx, user, rows }) {
      const counts = await grantCounts(tx, user.tenantId, rows.map((r) => String(r.id)), ctx.now());
      for (const row of rows) {
        const of = counts.get(String(row.id));
        row.requestedCount = of?.requested ?? 0;
        row.grantedCount = of?.granted ?? 0;
        row.refusedCount = of?.refused ?? 0;
        row.expiredCount = of?.expired ?? 0;
        row.grantSummary = (
          [
            [0, row.requestedCount],
            [1, row.grantedCount],
            [2, row.refusedCount],
            [3, row.expiredCount],
          ] as const
        )
          .filter(([, n]) => Number(n) > 0)
          .map(([state, n]) => `${localize(GRANT_STATE_NAMES[state])} ${String(n)}`)
          .join(localize({ zh: '，', en: ', ' }));
      }
    },
  };
}
