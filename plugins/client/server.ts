import { bizError, defineServerPlugin, formatError, SEED, str } from '../../core/sdk/server';
import clientPlugin from './index';

/**
 * OAuth clients on the engine, for the super administrator: the list masks the secrets, a save
 * normalises the grant types and takes `status`, and neither a removal nor a disabling may cut off the
 * client the caller's own session came through. The token endpoint asks this plugin for its clients.
 */
export const MSG_REMOVE_CURRENT = { zh: '不能删除当前使用的客户端', en: 'The client you are signed in through cannot be deleted' };
export const MSG_DISABLE_CURRENT = { zh: '不能停用当前使用的客户端', en: 'The client you are signed in through cannot be disabled' };
export const MASKED_SECRET = '******';

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

export default defineServerPlugin(clientPlugin, {
  resources: {
    client: {
      access: { read: 'administrator', add: 'administrator', edit: 'administrator', delete: 'administrator' },
      hooks: {
        beforeValidate({ body }) {
          if (Object.hasOwn(body, 'authorizedGrantTypes')) body.authorizedGrantTypes = normaliseGrantTypes(body.authorizedGrantTypes);
          statusOf(body.status);
        },
        beforeChange({ user, mode, existing, body }) {
          if (mode === 'edit' && statusOf(body.status) === 0 && str(existing?.client_id) === user.clientId) throw bizError(MSG_DISABLE_CURRENT);
        },
        async afterChange({ tx, id, body }) {
          const status = statusOf(body.status);
          if (status !== undefined) await tx.query('update blade_client set status = $1 where id = $2 and is_deleted = 0', [status, id]);
        },
        async beforeDelete({ tx, user, ids }) {
          const current = await tx.one('select 1 as found from blade_client where id = any($1::bigint[]) and client_id = $2 and is_deleted = 0', [ids, user.clientId]);
          if (current) throw bizError(MSG_REMOVE_CURRENT);
        },
        afterRead({ rows, action }) {
          if (action === 'list') for (const row of rows) row.clientSecret = MASKED_SECRET;
        },
      },
    },
  },
  provides: {
    clients: {
      async find(tx, clientId) {
        const row = await tx.one<{ client_secret: string; authorized_grant_types: string; access_token_validity: number; refresh_token_validity: number }>(
          `select client_secret, authorized_grant_types, access_token_validity, refresh_token_validity
             from blade_client where client_id = $1 and is_deleted = 0 and status = 1`,
          [clientId],
        );
        if (!row) return undefined;
        const grantTypes = row.authorized_grant_types.split(',').map((g) => g.trim());
        return { clientId, secret: row.client_secret, grantTypes, accessValidity: row.access_token_validity, refreshValidity: row.refresh_token_validity };
      },
    },
  },
  // The browser app's own client, `saber`.
  async seed(tx) {
    await tx.query(
      `insert into blade_client (id, client_id, client_secret, scope, authorized_grant_types, web_server_redirect_uri, access_token_validity, refresh_token_validity)
       values ($1, 'saber', 'saber_secret', 'all', 'refresh_token,password,captcha,social', 'http://localhost:1888', 3600, 604800) on conflict (id) do nothing`,
      [SEED.clientRowId],
    );
  },
});
