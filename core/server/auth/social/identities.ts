import type { Tx } from '../../db/types';
import type { IdGenerator } from '../../ids';
import type { ProviderIdentity } from './codes';

/** `blade_user_oauth`: a third-party identity known in a tenant, and the user it is bound to (if any). */
export async function rememberIdentity(tx: Tx, ids: IdGenerator, tenantId: string, identity: ProviderIdentity): Promise<string | null> {
  const row = await tx.one<{ user_id: string | null }>(
    `insert into blade_user_oauth (id, tenant_id, uuid, username, nickname, avatar, source)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (tenant_id, source, uuid) do update set nickname = excluded.nickname, avatar = excluded.avatar
     returning user_id`,
    [ids.next(), tenantId, identity.uuid, identity.username, identity.nickname, identity.avatar, identity.source],
  );
  return row?.user_id ?? null;
}

export async function findIdentity(tx: Tx, tenantId: string, uuid: string): Promise<(ProviderIdentity & { userId: string | null }) | undefined> {
  const row = await tx.one<{ uuid: string; username: string; nickname: string; avatar: string; source: string; user_id: string | null }>(
    'select uuid, username, nickname, avatar, source, user_id from blade_user_oauth where tenant_id = $1 and uuid = $2 order by id limit 1',
    [tenantId, uuid],
  );
  return row && { uuid: row.uuid, username: row.username ?? '', nickname: row.nickname ?? '', avatar: row.avatar ?? '', source: row.source, userId: row.user_id };
}

/** Binds the identity to a user in this tenant (inserting it there if it was first seen in another). */
export async function bindIdentity(tx: Tx, ids: IdGenerator, tenantId: string, identity: ProviderIdentity, userId: string): Promise<void> {
  await tx.query(
    `insert into blade_user_oauth (id, tenant_id, uuid, username, nickname, avatar, source, user_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (tenant_id, source, uuid) do update set user_id = excluded.user_id`,
    [ids.next(), tenantId, identity.uuid, identity.username, identity.nickname, identity.avatar, identity.source, userId],
  );
}
