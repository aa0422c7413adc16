import { describe, expect, test } from '@rstest/core';
import { loadServerPlugins } from '../../app/server-plugins';
import { FAILING_ON_PURPOSE, SESSION_ENDING, ts, routes, admin, key, concrete, send, digest, startSweepServer, SWEEP_LIMIT_MS } from './sweep-kit';

/** Malformed, wrong-typed, oversized and hostile input on every endpoint: never a 500, nothing changed. */
startSweepServer();

describe('every endpoint', () => {
  test('bad input is a 400 with a message, never a 500, and changes nothing', async () => {
    const everything = await ts.ctx.db.system(async (tx) =>
      (await tx.query<{ table_name: string }>(`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`))
        .map((r) => r.table_name)
        .filter((t) => !['blade_refresh_token', 'blade_login_failure', 'blade_log_error', 'blade_log_api', 'blade_log_usual', 'blade_captcha', 'blade_oauth_code', 'blade_worker_lease', 'blade_rate_limit', 'migrations'].includes(t) && !t.startsWith('_')),
    );
    const before = await digest(everything);
    const huge = 'x'.repeat(200_000);
    const hostile = `'; drop table blade_user; -- <img src=x onerror=alert(1)>`;
    const fields = [...new Set((await loadServerPlugins()).flatMap((p) => (p.entities ?? []).flatMap((e) => Object.keys(e.fields))))];
    const bodies: unknown[] = ['not json', [1, 2], { id: 'abc' }, { id: -1 }, { id: '9223372036854775808', parentId: '9223372036854775808' }, Object.fromEntries(fields.map((f) => [f, huge])), Object.fromEntries(fields.map((f) => [f, { nested: hostile }]))];
    const queries: Record<string, string>[] = [
      { id: 'abc', ids: "1' or '1'='1", current: '-1', size: '99999999' },
      { id: '99999999999999999999999', parentId: 'x', tenantId: hostile, roleIds: 'a,b', userIds: '1;2' },
      { nosuchfilter: '1', createTime_datege: 'yesterday' },
      { id: '9223372036854775808', ids: '9223372036854775808', parentId: '9223372036854775808', roleIds: '9223372036854775808' },
      { current: '1e400', size: 'NaN', id: 'NaN', parentId: '1.5', accountNumber: '1e400', expireTime: 'yesterday', status_equal: 'NaN', isCovered: 'maybe' },
      { current: '99999999999999999999', size: '-0', id: '-1', parentId: 'Infinity', accountNumber: '99999999999', expireTime: '2024-02-30', status_equal: '99999999999' },
    ];
    const failures: string[] = [];
    for (const route of routes) {
      if (SESSION_ENDING.has(key(route)) || FAILING_ON_PURPOSE.has(key(route))) continue;
      const attempts =
        route.method === 'GET'
          ? queries.map((q) => () => send(route, admin, q))
          : [
              ...bodies.map((b) => () =>
                typeof b === 'string'
                  ? ts.call('POST', concrete(route.path), { token: admin, headers: { 'content-type': 'application/json' }, body: b })
                  : send(route, admin, {}, b),
              ),
              ...queries.map((q) => () => send(route, admin, q, {})),
            ];
      for (const attempt of attempts) {
        const res = await attempt();
        if (res.status >= 500 || (res.status === 400 && !(res.body?.msg || res.body?.error_description))) failures.push(`${key(route)} → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(ts.logged).toEqual([]);
    expect(await digest(everything)).toEqual(before);
  }, SWEEP_LIMIT_MS);
});
