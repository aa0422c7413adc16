import { readFileSync } from 'node:fs';
import { type Actor, type ServerContext, sniffImage, storeFile, type Tx } from '../../core/sdk/server';

/**
 * The demo pictures of a tenant's seed (plugins/genius/demo), each stored once per tenant as an upload
 * would be, whichever rows share it: the link of a file in the resource storage.
 */
export function demoPictures(tx: Tx, ctx: ServerContext, actor: Actor): (file: string) => Promise<string> {
  const links = new Map<string, string>();
  return async (file) => {
    if (!links.has(file)) {
      const bytes = new Uint8Array(readFileSync(new URL(`./demo/${file}`, import.meta.url)));
      const type = sniffImage(bytes);
      if (!type) throw new Error(`Demo picture ${file} is neither PNG nor JPEG.`);
      links.set(file, (await storeFile(tx, ctx, actor, bytes, type, file)).link);
    }
    return links.get(file)!;
  };
}

/** The demo tenants that exist in this database (a database made without the second one has only 000000). */
export async function presentTenants<T>(tx: Tx, byTenant: Readonly<Record<string, T>>): Promise<[string, T][]> {
  const found: [string, T][] = [];
  for (const [tenantId, data] of Object.entries(byTenant)) {
    if (await tx.one(`select 1 as found from blade_tenant where tenant_id = $1`, [tenantId])) found.push([tenantId, data]);
  }
  return found;
}
