import type { Hono } from 'hono';
import { assertAdministrator } from '../../core/server/auth/permissions';
import { currentMember } from '../../core/server/auth/middleware';
import type { AuthUser } from '../../core/server/auth/user';
import type { AppEnv, ServerContext } from '../../core/server/context';
import { entityValidator, formatError, mountCrud, readIds, type CrudRepo, type DbRow, type Json } from '../../core/server/crud';
import type { Tx } from '../../core/server/db/types';
import { bizError } from '../../core/server/http/errors';
import { MSG } from '../../core/server/http/messages';
import { str } from '../../core/server/http/format';
import { rData, rStatus } from '../../core/server/http/r';
import { readJson } from '../../core/server/http/validate';
import { defineServerPlugin } from '../../core/server/plugin';
import { clientEntity } from './entities';
import { clientManifest } from './manifest';

/**
 * OAuth clients on the server: the kernel's `blade_client` (the token endpoint authenticates against it)
 * with `/api/blade-system/client/{list,detail,submit,remove}`, administrators only. The engine mounts
 * `detail`; `list` masks the secrets, `submit` normalises the grant types and takes `status`, and neither
 * a removal nor a disabling may cut off the client the caller's own session came through.
 */
const BASE = '/blade-system/client';
export const MSG_REMOVE_CURRENT = { zh: '不能删除当前使用的客户端', en: 'The client you are signed in through cannot be deleted' };
export const MSG_DISABLE_CURRENT = { zh: '不能停用当前使用的客户端', en: 'The client you are signed in through cannot be disabled' };
export const MASKED_SECRET = '******';

export const authorizeClient = async (_tx: Tx, user: AuthUser): Promise<void> => assertAdministrator(user);

/** `password, captcha,password` → `password,captcha` (a JSON array is accepted too); anything else as sent. */
export function normaliseGrantTypes(value: unknown): unknown {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : null;
  if (!items || !items.every((item) => typeof item === 'string')) return value;
  return [...new Set(items.map((item: string) => item.trim()).filter(Boolean))].join(',');
}

/** `status` of a body: absent, or 1 (enabled) / 0 (disabled). */
function statusOf(value: unknown): 0 | 1 | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (value === 1 || value === '1' || value === true) return 1;
  if (value === 0 || value === '0' || value === false) return 0;
  throw bizError(formatError('status'));
}

function listVo(repo: CrudRepo, row: DbRow): Json {
  return { ...repo.toJson(row), clientSecret: MASKED_SECRET };
}

function clientRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  const repo = mountCrud(api, ctx, clientEntity, { skip: ['list', 'submit', 'remove'], authorize: authorizeClient });
  const validator = entityValidator(clientEntity);
  const asAdministrator = <T>(user: AuthUser, work: (tx: Tx) => Promise<T>) =>
    ctx.db.tenant(user.tenantId, async (tx) => {
      assertAdministrator(user);
      return work(tx);
    });
  const setStatus = (tx: Tx, id: string, status: 0 | 1) => tx.query('update blade_client set status = $1 where id = $2 and is_deleted = 0', [status, id]);

  api.get(`${BASE}/list`, async (c) => {
    const user = currentMember(c);
    const query = c.req.query();
    const result = await asAdministrator(user, (tx) => repo.page(tx, user, query, { toJson: (row) => listVo(repo, row) }));
    return c.json(rData(result));
  });

  api.post(`${BASE}/submit`, async (c) => {
    const user = currentMember(c);
    const body = await readJson(c);
    const id = validator.idOf(body); // also refuses a body that is not an object
    const input: Record<string, unknown> = { ...(body as Record<string, unknown>) };
    if (Object.hasOwn(input, 'authorizedGrantTypes')) input.authorizedGrantTypes = normaliseGrantTypes(input.authorizedGrantTypes);
    const status = statusOf(input.status);
    await asAdministrator(user, async (tx) => {
      if (!id) {
        const { values } = validator.parse(input, 'add');
        await repo.assertUnique(tx, user, values);
        const newId = await repo.insert(tx, user, values, ctx.now());
        if (status === 0) await setStatus(tx, newId, 0);
        return;
      }
      const existing = await repo.find(tx, user, id);
      if (!existing) throw bizError(MSG.notFound);
      const { values } = validator.parse(input, 'edit');
      if (status === 0 && str(existing.client_id) === user.clientId) throw bizError(MSG_DISABLE_CURRENT);
      await repo.update(tx, user, id, values, ctx.now());
      if (status !== undefined) await setStatus(tx, id, status);
    });
    return c.json(rStatus(true));
  });

  api.post(`${BASE}/remove`, async (c) => {
    const user = currentMember(c);
    const ids = await readIds(c);
    const removed = await asAdministrator(user, async (tx) => {
      const current = await tx.one('select 1 as found from blade_client where id = any($1::bigint[]) and client_id = $2 and is_deleted = 0', [ids, user.clientId]);
      if (current) throw bizError(MSG_REMOVE_CURRENT);
      return repo.remove(tx, user, ids, ctx.now());
    });
    return c.json(rStatus(removed > 0));
  });
}

export const clientServer = defineServerPlugin({
  manifest: clientManifest,
  entities: [clientEntity],
  // blade_client is the kernel's table (core/server/schema/kernel.ts), seeded with the `saber` client.
  migrations: [],
  routes: clientRoutes,
});

export default clientServer;
