import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createTestServer, type TestServer } from '../../core/sdk/server-testing';
import dictServer from '../dict/server';
import flowServer from '../flow/server';
import leaveServer from './server';
import { seedLeave } from './seed';

/**
 * The leave's demo on a database that already has what it would add (a database from before the plugin,
 * where a tenant has an `hr` account and role of its own): the process is deployed, nobody is added twice.
 */
describe('the leave demo on a database that has an hr of its own', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await createTestServer({ plugins: [dictServer, flowServer, leaveServer] });
  });
  afterAll(() => ts.close());

  const counts = () =>
    ts.ctx.db.system((tx) =>
      tx.one<{ accounts: number; roles: number; leaves: number; definitions: number }>(
        `select (select count(*)::int from blade_user where account = 'hr' and is_deleted = 0) as accounts,
                (select count(*)::int from blade_role where role_alias = 'hr' and is_deleted = 0) as roles,
                (select count(*)::int from blade_process_leave) as leaves,
                (select count(*)::int from flow_definition where process_key = 'Leave') as definitions`,
      ),
    );

  test('a second run deploys the next version and adds no hr account, role or demo leave', async () => {
    const before = (await counts())!;
    expect(before.accounts).toBeGreaterThan(0);
    await ts.ctx.db.system((tx) => seedLeave(tx, ts.ctx));
    const after = (await counts())!;
    expect(after).toEqual({ ...before, definitions: before.definitions * 2 });
  });
});
