import { describe, expect, test } from '@rstest/core';
import { allowedOps } from '../../core/schema/filters';
import type { CallResult } from '../../core/server/test-server';
import { HAND_WRITTEN_PARAMS, NUL_VALUE, INVALID_CHARACTER, ts, routes, entities, tenantTables, key, concrete, send, digest, startSweepServer, SWEEP_LIMIT_MS } from './sweep-kit';

/** A NUL character in any parameter, field or path of every endpoint: refused before any handler. */
startSweepServer();

describe('every endpoint', () => {
  test('a NUL character in any query parameter, body field, form field or path is a 400 before any handler, signed in or not, and changes nothing', async () => {
    const before = await digest(tenantTables);
    // A session of its own: on a route that ended sessions, a guard that let the call through would end it.
    const caller = (await ts.signIn('admin', 'admin')).access_token;
    const known = new Set(HAND_WRITTEN_PARAMS);
    for (const entity of entities) {
      for (const [name, field] of Object.entries(entity.fields)) {
        known.add(name);
        for (const op of allowedOps(field)) known.add(op === 'like' ? name : `${name}_${op}`);
      }
    }
    const all = Object.fromEntries([...known].map((name) => [name, NUL_VALUE]));
    const failures: string[] = [];
    const refused = (label: string, res: CallResult) => {
      if (res.status !== 400 || res.body?.msg !== INVALID_CHARACTER) failures.push(`${label} → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
    };
    for (const route of routes) {
      const path = concrete(route.path);
      const label = key(route);
      // Signed out: the public routes (the token endpoint, tenant/info) included, refused before authentication.
      refused(`${label} signed out, every parameter`, await send(route, '', all, all));
      for (const name of known) {
        refused(`${label} ?${name}`, await send(route, caller, { [name]: NUL_VALUE }, {}));
        if (route.method === 'POST') refused(`${label} JSON ${name}`, await send(route, caller, {}, { [name]: NUL_VALUE }));
      }
      if (route.method === 'POST') {
        refused(`${label} nested JSON`, await send(route, caller, {}, { id: '1', nested: { deeper: [NUL_VALUE] } }));
        refused(`${label} urlencoded form`, await ts.call('POST', path, { token: caller, body: new URLSearchParams(all) }));
        const form = new FormData();
        for (const [name, value] of Object.entries(all)) form.append(name, value);
        refused(`${label} multipart form`, await ts.call('POST', path, { token: caller, body: form }));
      }
      if (route.path.includes(':')) refused(`${label} path`, await ts.call(route.method, route.path.replace(/:(\w+)/g, 'a%00b'), { token: caller }));
    }
    expect(failures).toEqual([]);
    expect(ts.logged).toEqual([]);
    expect(await digest(tenantTables)).toEqual(before);
  }, SWEEP_LIMIT_MS);
});
