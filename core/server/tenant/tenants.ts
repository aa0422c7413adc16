import type { Db, Tx } from '../db/types';
import type { IdGenerator } from '../ids';

/** The administrators' tenant: it never expires (BladeX `ADMIN_TENANT_ID`). */
export const ADMIN_TENANT = '000000';

/** Tenant ids as BladeX makes them (6 digits), with room for longer ones up to the column size. */
export const TENANT_ID = /^[A-Za-z0-9_-]{1,12}$/;

export interface TenantRow {
  id: string;
  tenant_id: string;
  tenant_name: string;
  domain_url: string | null;
  background_url: string | null;
  expire_time: Date | null;
  status: number;
  is_deleted: number;
}

export async function findTenant(tx: Tx, tenantId: string): Promise<TenantRow | undefined> {
  return tx.one<TenantRow>('select * from blade_tenant where tenant_id = $1 and is_deleted = 0', [tenantId]);
}

/** May users of this tenant sign in now? Unknown, disabled or expired tenants may not. */
export function tenantUsable(tenant: TenantRow | undefined, now: Date): boolean {
  if (!tenant || tenant.status !== 1) return false;
  if (tenant.tenant_id === ADMIN_TENANT) return true;
  return !tenant.expire_time || tenant.expire_time.getTime() > now.getTime();
}

/** The login page's tenant detection: the tenant whose domain is the site's origin (a cross-tenant look-up). */
export async function tenantByDomain(db: Db, domain: string): Promise<TenantRow | undefined> {
  const origin = domain.trim().replace(/\/+$/, '').toLowerCase();
  if (!origin) return undefined;
  return db.system((tx) =>
    tx.one<TenantRow>(
      `select * from blade_tenant
        where is_deleted = 0 and status = 1 and lower(rtrim(domain_url, '/')) = $1
        order by id limit 1`,
      [origin],
    ),
  );
}

export interface NewTenant {
  id?: string;
  tenantId: string;
  tenantName: string;
  domainUrl?: string;
  backgroundUrl?: string;
  linkman?: string;
  contactNumber?: string;
  address?: string;
  expireTime?: Date | null;
}

export async function insertTenant(tx: Tx, ids: IdGenerator, t: NewTenant): Promise<string> {
  const id = t.id ?? ids.next();
  await tx.query(
    `insert into blade_tenant (id, tenant_id, tenant_name, domain_url, background_url, linkman, contact_number, address, expire_time)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [id, t.tenantId, t.tenantName, t.domainUrl ?? '', t.backgroundUrl ?? '', t.linkman ?? '', t.contactNumber ?? '', t.address ?? '', t.expireTime ?? null],
  );
  return id;
}
