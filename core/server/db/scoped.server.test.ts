import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { openPglite, type PgliteDb } from './pglite';
import { secureTables } from './rls';
import type { Tx } from './types';

/**
 * Request transactions: every statement as `blade_app` in its tenant, and `asOwner` reads (the engine's
 * list reads) as the connecting role, for the transaction's own tenant only, nothing else ever leaking out.
 */
let db: PgliteDb;
beforeAll(async () => {
  db = await openPglite();
  // secureTables keeps the request role away from the migrations' record, which must exist.
  await db.system((tx) => tx.exec(`create table schema_migrations (id varchar(200) primary key); create table scoped_t (id int primary key, tenant_id varchar(12) not null)`));
  await secureTables(db);
  await db.system((tx) => tx.exec(`insert into scoped_t values (1, '500001'), (2, '500002')`));
});
afterAll(() => db.close());

const who = (tx: Tx) => tx.one<{ user: string; tenant: string | null; ids: number[] }>(
  `select current_user as user, current_setting('app.tenant_id', true) as tenant, array(select id from scoped_t order by id) as ids`,
);

describe('request transactions', () => {
  test('statements run as blade_app in the tenant, row-level security confining them', async () => {
    expect(await db.tenant('500001', who)).toEqual({ user: 'blade_app', tenant: '500001', ids: [1] });
  });

  test('an owner read of the transaction’s tenant runs as the connecting role; the next statement is blade_app again', async () => {
    const seen = await db.tenant('500001', async (tx) => {
      const before = await who(tx);
      const owner = await tx.asOwner!('500001', who);
      const after = await who(tx);
      return { before, owner, after };
    });
    expect(seen.before).toMatchObject({ user: 'blade_app', ids: [1] });
    expect(seen.owner!.user).not.toBe('blade_app');
    expect(seen.owner!.ids).toEqual([1, 2]); // outside RLS: the engine's reads bind the tenant themselves
    expect(seen.after).toMatchObject({ user: 'blade_app', tenant: '500001', ids: [1] });
  });

  test('an owner read first in its transaction, then a statement: that statement is confined', async () => {
    const seen = await db.tenant('500001', async (tx) => [await tx.asOwner!('500001', who), await who(tx)]);
    expect(seen[0]!.user).not.toBe('blade_app');
    expect(seen[1]).toEqual({ user: 'blade_app', tenant: '500001', ids: [1] });
  });

  test('an owner read asked for another tenant than the transaction’s runs under row-level security', async () => {
    expect(await db.tenant('500001', (tx) => tx.asOwner!('500002', who))).toEqual({ user: 'blade_app', tenant: '500001', ids: [1] });
    expect(await db.global((tx) => tx.asOwner!('', who))).toEqual({ user: 'blade_app', tenant: '', ids: [] });
  });

  test('a statement started while an owner read is on its way runs as blade_app; the read cannot be used after it returned', async () => {
    const seen = await db.tenant('500001', async (tx) => {
      let kept: Tx | undefined;
      const [read, other] = await Promise.all([
        tx.asOwner!('500001', async (owner) => {
          kept = owner;
          return who(owner);
        }),
        who(tx),
      ]);
      return { read, other, late: await kept!.query('select 1').catch((error: Error) => error.message) };
    });
    expect(seen.other).toEqual({ user: 'blade_app', tenant: '500001', ids: [1] });
    // The read itself may have been sent after the other statement's switch back: then it was confined too.
    expect([[1], [1, 2]]).toContainEqual(seen.read!.ids);
    expect(seen.late).toBe('an owner read used after it returned');
  });
});
