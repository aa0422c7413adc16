import type { GenFile } from '../../spec';
import { LEGACY_TABLE_SQL } from './fixtures';

/**
 * A server test written beside the generated `legacy-item` plugin in a scratch project: a plugin made only
 * for it creates the old table with rows (the way an older system left it), then the generated plugin
 * starts on the same database: its migration adopts the table, the engine's sync completes it, and the old
 * rows come out of the plugin's list, booleans as 1 / 0 and dates as the engine answers a date field.
 */
export function adoptionTestFile(): GenFile {
  const content = `import { defineServerPlugin } from '../../core/sdk/server';
import { createTestServer, type TestServer } from '../../core/sdk/server-testing';
import { definePlugin } from '../../core/sdk/shared';
import legacyItemServer from './server';

/** The old system: its table and rows, made before the generated plugin's migration runs. */
const oldSystem = defineServerPlugin(definePlugin({ id: 'old-system', name: { zh: '旧系统', en: 'Old system' } }), {
  migrations: [{ id: '001_legacy_item', sql: ${JSON.stringify(LEGACY_TABLE_SQL)} }],
});

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await createTestServer({ plugins: [oldSystem, legacyItemServer] });
  admin = (await server.signIn('admin', 'admin')).access_token!;
});
afterAll(() => server.close());

describe('the generated plugin adopts a table that has rows', () => {
  it('lists the old rows in the engine\\'s shape, and adds to them', async () => {
    const list = await server.get('/api/legacy-item/legacy-item/list', { token: admin });
    expect(list.status).toBe(200);
    const rows = list.body.data.records as Record<string, unknown>[];
    expect(rows).toHaveLength(2); // the old rows only: the seed adds no demo rows to a table that has some
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: '旧数据一', active: 1, bornOn: '2020-01-02', note: '第一条' }),
        expect.objectContaining({ title: '旧数据二', active: 0 }),
      ]),
    );
    expect((await server.post('/api/legacy-item/legacy-item/submit', { token: admin, json: { title: '新的一条', active: 1 } })).body.success).toBe(true);
    const columns = await server.ctx.db.system((tx) =>
      tx.query<{ column_name: string; data_type: string; is_nullable: string }>(
        "select column_name, data_type, is_nullable from information_schema.columns where table_name = 'legacy_item' order by column_name",
      ),
    );
    expect(columns).toEqual(
      expect.arrayContaining([
        { column_name: 'id', data_type: 'bigint', is_nullable: 'NO' },
        { column_name: 'active', data_type: 'smallint', is_nullable: 'NO' },
        { column_name: 'born_on', data_type: 'timestamp without time zone', is_nullable: 'YES' },
        { column_name: 'legacy_code', data_type: 'character varying', is_nullable: 'YES' },
        { column_name: 'is_deleted', data_type: 'integer', is_nullable: 'NO' },
      ]),
    );
    expect((await server.get('/api/legacy-item/legacy-item/list', { token: admin })).body.data.total).toBe(3);
  });
});
`;
  return { path: 'plugins/legacy-item/adoption.server.test.ts', content };
}
