import { randomInt } from 'node:crypto';
import type { Db, Tx } from '../db/types';
import { bizError } from '../http/errors';
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
  /** Most accounts the tenant may have; -1 (default) unlimited. */
  accountNumber?: number;
}

export async function insertTenant(tx: Tx, ids: IdGenerator, t: NewTenant): Promise<string> {
  const id = t.id ?? ids.next();
  await tx.query(
    `insert into blade_tenant (id, tenant_id, tenant_name, domain_url, background_url, linkman, contact_number, address, expire_time, account_number)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [id, t.tenantId, t.tenantName, t.domainUrl ?? '', t.backgroundUrl ?? '', t.linkman ?? '', t.contactNumber ?? '', t.address ?? '', t.expireTime ?? null, t.accountNumber ?? -1],
  );
  return id;
}

export const MSG_QUOTA = { zh: '当前租户已到最大账号额度!', en: 'The tenant has reached its account quota' };

/**
 * Refuses a new account when the tenant's quota (`account_number`, -1 unlimited) is reached. Run it in the
 * transaction that inserts the accounts: it locks the tenant row first (held until that transaction ends),
 * so creations in one tenant are counted one after another and two at once cannot both take its last
 * place (each counts after the other's insert is committed).
 */
export async function assertAccountQuota(tx: Tx, tenantId: string, adding = 1): Promise<void> {
  const tenant = await tx.one<{ quota: number }>('select account_number as quota from blade_tenant where tenant_id = $1 and is_deleted = 0 for update', [tenantId]);
  if (!tenant || tenant.quota < 0) return;
  const accounts = await tx.one<{ used: number }>('select count(*)::int as used from blade_user where tenant_id = $1 and is_deleted = 0', [tenantId]);
  if ((accounts?.used ?? 0) + adding > tenant.quota) throw bizError(MSG_QUOTA);
}

/** A free random 6-digit tenant id (BladeX makes them so). */
export async function nextTenantId(tx: Tx): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const candidate = String(randomInt(100000, 1000000));
    const taken = await tx.one('select 1 from blade_tenant where tenant_id = $1', [candidate]);
    if (!taken) return candidate;
  }
  throw new Error('no free tenant id after 50 attempts');
}
