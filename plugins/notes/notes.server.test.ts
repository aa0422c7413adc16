import { createTestServer, type TestServer } from '../../core/sdk/server-testing';
import notesServer from './server';

// The server part alone: the kernel plus this plugin on an in-memory database, called in-process.
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await createTestServer({ plugins: [notesServer] });
  admin = (await server.signIn('admin', 'admin')).access_token!;
});
afterAll(() => server.close());

describe('notes API', () => {
  it('lists the seeded notes, paged', async () => {
    const res = await server.get('/api/blade-desk/note/page', { token: admin, query: { current: 1, size: 10 } });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.records.map((r: { title: string }) => r.title)).toEqual(expect.arrayContaining(['欢迎使用便签', '周会']));
  });

  it('filters with the operators the definition allows, and refuses any other key', async () => {
    const pinned = await server.get('/api/blade-desk/note/page', { token: admin, query: { pinned_equal: 1 } });
    expect(pinned.body.data.records.map((r: { title: string }) => r.title)).toEqual(['欢迎使用便签']);
    const refused = await server.get('/api/blade-desk/note/page', { token: admin, query: { content_equal: 'x' } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('不支持的查询条件: content_equal');
  });

  it('validates the body with the rule’s message, then saves, updates and removes', async () => {
    const missing = await server.post('/api/blade-desk/note/submit', { token: admin, json: { content: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('请输入标题');

    expect((await server.post('/api/blade-desk/note/submit', { token: admin, json: { title: '买牛奶', category: 'life' } })).body.success).toBe(true);
    const found = await server.get('/api/blade-desk/note/page', { token: admin, query: { title: '牛奶' } });
    const note = found.body.data.records[0];
    expect(note).toMatchObject({ title: '买牛奶', category: 'life', pinned: 0 });

    await server.post('/api/blade-desk/note/submit', { token: admin, json: { id: note.id, title: '买牛奶和面包' } });
    expect((await server.get('/api/blade-desk/note/detail', { token: admin, query: { id: note.id } })).body.data.title).toBe('买牛奶和面包');

    expect((await server.post('/api/blade-desk/note/remove', { token: admin, query: { ids: note.id } })).body.success).toBe(true);
    expect((await server.get('/api/blade-desk/note/detail', { token: admin, query: { id: note.id } })).body.data).toBeNull();
  });

  it('checks the permission codes: the demo user may add but not delete', async () => {
    const demo = (await server.signIn('demo', 'demo')).access_token!;
    expect((await server.get('/api/blade-desk/note/page', { token: demo })).status).toBe(200);
    expect((await server.post('/api/blade-desk/note/submit', { token: demo, json: { title: '演示' } })).status).toBe(200);
    const refused = await server.post('/api/blade-desk/note/remove', { token: demo, query: { ids: '1' } });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('没有权限执行此操作');
  });

  it('keeps every tenant’s notes apart', async () => {
    const { adminRoleId } = await server.addTenant('300001');
    await server.addUser({ tenantId: '300001', account: 'boss', password: 'boss', roleId: adminRoleId });
    const boss = (await server.signIn('boss', 'boss', '300001')).access_token!;
    expect((await server.get('/api/blade-desk/note/page', { token: boss })).body.data.total).toBe(0);
  });
});
