import { describe, expect, it as baseIt } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import { fail, ok, page, type RecordedCall, renderPlugin, respond } from '../../core/sdk/testing';
import regionPlugin from './index';

/** These tests drive whole screens: more time than the default when the machine is busy. */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

type Region = { code: string; parentCode: string; name: string; regionLevel: number; sort: number; ancestors: string; remark: string };
const REGIONS: Region[] = [
  { code: '00', parentCode: '', name: '中国', regionLevel: 0, sort: 1, ancestors: '', remark: '' },
  { code: '11', parentCode: '00', name: '北京市', regionLevel: 1, sort: 1, ancestors: '00', remark: '' },
  { code: '44', parentCode: '00', name: '广东省', regionLevel: 1, sort: 2, ancestors: '00', remark: '' },
  { code: '4401', parentCode: '44', name: '广州市', regionLevel: 2, sort: 1, ancestors: '00,44', remark: '' },
  { code: '4403', parentCode: '44', name: '深圳市', regionLevel: 2, sort: 2, ancestors: '00,44', remark: '深圳' },
];

/** A small region store answering the screen's calls like the server does. */
function regionBackend(extra: Record<string, (call: RecordedCall) => unknown> = {}) {
  const regions = REGIONS.map((r) => ({ ...r }));
  const children = (parent: string) => regions.filter((r) => r.parentCode === parent);
  const vo = (r: Region) => ({ ...r, hasChildren: children(r.code).length > 0, parentName: regions.find((p) => p.code === r.parentCode)?.name ?? '' });
  return {
    regions,
    backend: respond({
      'GET /api/blade-system/region/lazy-tree': (call) =>
        ok(children(call.query.parentCode ?? '').map((r) => ({ id: r.code, parentId: r.parentCode, title: r.name, key: r.code, value: r.code, hasChildren: children(r.code).length > 0 }))),
      'GET /api/blade-system/region/detail': (call) => ok(regions.find((r) => r.code === call.query.code) ? vo(regions.find((r) => r.code === call.query.code)!) : null),
      'GET /api/blade-system/region/list': (call) => page(regions.filter((r) => (call.query.name ? r.name.includes(call.query.name) : r.code.startsWith(call.query.code_likeright ?? ''))).map(vo)),
      ...extra,
    }),
  };
}

const TITLE = '.arco-tree-node-title-text';
const node = (title: string) => screen.getByText(title, { selector: TITLE }).closest('.arco-tree-node') as HTMLElement;
const expand = async (app: { user: { click: (el: Element) => Promise<void> } }, title: string) =>
  app.user.click(node(title).querySelector('.arco-tree-node-switcher-icon') as HTMLElement);

describe('regions screen', () => {
  it('loads the tree level by level, opens the country at once, and shows a chosen region read-only', async () => {
    const { backend } = regionBackend();
    const app = await renderPlugin(regionPlugin, { backend });
    expect(await screen.findByText('广东省')).toBeTruthy(); // 中国 opened by itself
    expect(app.callsTo('GET /api/blade-system/region/lazy-tree').map((c) => c.query.parentCode ?? '')).toEqual(['', '00']);
    expect(screen.getByText('请在左侧选择一个区划')).toBeTruthy();
    expect(screen.queryByText('广州市')).toBeNull();

    await expand(app, '广东省');
    expect(await screen.findByText('深圳市')).toBeTruthy();
    expect(app.callsTo('GET /api/blade-system/region/lazy-tree').at(-1)!.query).toEqual({ parentCode: '44' });

    await app.user.click(screen.getByText('深圳市', { selector: TITLE }));
    await waitFor(() => expect(app.callsTo('GET /api/blade-system/region/detail').at(-1)!.query).toEqual({ code: '4403' }));
    // Shown, not editable: the values as text.
    expect(await screen.findByText('深圳市', { selector: '.ba-view-value' })).toBeTruthy();
    expect(screen.getByText('4403', { selector: '.ba-view-value' })).toBeTruthy();
    expect(screen.getByText('广东省', { selector: '.ba-view-value' })).toBeTruthy(); // the parent's name
    expect(screen.queryByDisplayValue('深圳市')).toBeNull();
    expect(screen.getByText('地市')).toBeTruthy(); // the level's label
    expect(screen.queryByTestId('region-save')).toBeNull();
  });

  it('adds a child: the parent’s code before the sub code, the rules, then the tree reloads and shows it', async () => {
    const saved: unknown[] = [];
    const { backend, regions } = regionBackend({
      'POST /api/blade-system/region/submit': (call) => {
        const body = call.body as Region & { subCode: string };
        saved.push(body);
        regions.push({ code: `${body.parentCode}${body.subCode}`, parentCode: body.parentCode, name: body.name, regionLevel: 2, sort: body.sort, ancestors: '00,44', remark: '' });
        return ok(null);
      },
    });
    const app = await renderPlugin(regionPlugin, { backend });
    await app.user.click(await screen.findByText('广东省'));
    await screen.findByText('广东省', { selector: '.ba-view-value' });
    await app.user.click(screen.getByRole('button', { name: /新增下级/ }));

    expect(await screen.findByText('新增「广东省」的下级')).toBeTruthy();
    expect((screen.getByDisplayValue('44') as HTMLInputElement).disabled).toBe(true); // 父区划编号
    const sub = screen.getByPlaceholderText('请输入区划子编号');
    await app.user.type(sub, '0x');
    expect(screen.getByText('区划编号：440x')).toBeTruthy();
    await app.user.click(screen.getByTestId('region-save'));
    expect(await screen.findByText('区划编号只能包含数字')).toBeTruthy();
    expect(screen.getByText('请输入区划名称')).toBeTruthy();
    await app.user.clear(sub);
    await app.user.type(sub, '04');
    expect(screen.getByText('区划编号：4404')).toBeTruthy();
    await app.user.type(screen.getByPlaceholderText('请输入区划名称'), '珠海市{Enter}'); // Enter saves
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(saved).toEqual([{ parentCode: '44', subCode: '04', name: '珠海市', sort: 3, remark: '' }]);
    // The parent's level is loaded again and the new region is chosen.
    await waitFor(() => expect(app.callsTo('GET /api/blade-system/region/detail').at(-1)!.query).toEqual({ code: '4404' }));
    expect(await screen.findByText('珠海市', { selector: TITLE })).toBeTruthy();
    expect(app.callsTo('GET /api/blade-system/region/lazy-tree').at(-1)!.query).toEqual({ parentCode: '44' });
  });

  it('edits the name (the code stays), Esc leaves the form, a refused delete says why and a leaf is deleted', async () => {
    let refuse = true;
    const { backend, regions } = regionBackend({
      'POST /api/blade-system/region/submit': (call) => {
        const body = call.body as Region;
        regions.find((r) => r.code === body.code)!.name = body.name;
        return ok(null);
      },
      'POST /api/blade-system/region/remove': (call) => {
        if (refuse) return fail('请先删除子节点!');
        regions.splice(regions.findIndex((r) => r.code === call.query.id), 1);
        return ok(null);
      },
    });
    const app = await renderPlugin(regionPlugin, { backend });
    await screen.findByText('广东省');
    await expand(app, '广东省');
    await app.user.click(await screen.findByText('深圳市', { selector: TITLE }));
    await screen.findByText('深圳市', { selector: '.ba-view-value' });

    await app.user.click(screen.getByRole('button', { name: /修\s*改/ }));
    let name = (await screen.findByDisplayValue('深圳市')) as HTMLInputElement;
    expect(name.disabled).toBe(false);
    expect((screen.getByDisplayValue('4403') as HTMLInputElement).disabled).toBe(true);
    await app.user.type(name, 'x{Escape}');
    await waitFor(() => expect(screen.queryByTestId('region-save')).toBeNull());
    expect(app.callsTo('POST /api/blade-system/region/submit')).toHaveLength(0);

    await app.user.click(screen.getByRole('button', { name: /修\s*改/ }));
    name = (await screen.findByDisplayValue('深圳市')) as HTMLInputElement;
    await app.user.clear(name);
    await app.user.type(name, '深圳');
    await app.user.click(screen.getByTestId('region-save'));
    expect(await screen.findByText('更新成功')).toBeTruthy();
    expect(app.callsTo('POST /api/blade-system/region/submit')[0]!.body).toEqual({ code: '4403', parentCode: '44', name: '深圳', sort: 2, remark: '深圳' });
    expect(await screen.findByText('深圳', { selector: TITLE })).toBeTruthy();

    await app.user.click(screen.getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('确定将 [深圳] 数据删除?')).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请先删除子节点!')).toBeTruthy();
    expect(app.callsTo('POST /api/blade-system/region/remove')[0]!.query).toEqual({ id: '4403' });

    refuse = false;
    await app.user.click(screen.getByRole('button', { name: /删\s*除/ }));
    await app.user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('深圳', { selector: TITLE })).toBeNull());
    // The parent is chosen instead.
    await waitFor(() => expect(app.callsTo('GET /api/blade-system/region/detail').at(-1)!.query).toEqual({ code: '44' }));
  });

  it('finds a region by name or code and reveals it in the tree', async () => {
    const { backend } = regionBackend();
    const app = await renderPlugin(regionPlugin, { backend });
    await screen.findByText('广东省');
    const box = screen.getByPlaceholderText('输入名称或编号查找');
    await app.user.type(box, '深圳{Enter}');
    await waitFor(() => expect(app.callsTo('GET /api/blade-system/region/list').at(-1)!.query).toEqual({ current: '1', size: '20', name: '深圳' }));
    const results = await screen.findByRole('list', { name: '查找结果' });
    expect(within(results).getAllByRole('listitem')).toHaveLength(1);
    await app.user.click(within(results).getByRole('button', { name: /深圳市/ }));
    // 广东 opened (its level loaded), 深圳 chosen.
    await waitFor(() => expect(app.callsTo('GET /api/blade-system/region/detail').at(-1)!.query).toEqual({ code: '4403' }));
    expect(app.callsTo('GET /api/blade-system/region/lazy-tree').at(-1)!.query).toEqual({ parentCode: '44' });
    expect(node('深圳市').className).toContain('arco-tree-node-selected');
    expect(await screen.findByText('4403', { selector: '.ba-view-value' })).toBeTruthy();

    await app.user.clear(box);
    await app.user.type(box, '99{Enter}');
    await waitFor(() => expect(app.callsTo('GET /api/blade-system/region/list').at(-1)!.query).toEqual({ current: '1', size: '20', code_likeright: '99' }));
    expect(await screen.findByText('未找到匹配的区划')).toBeTruthy();
  });

  it('a tree that cannot be loaded says so and loads again on retry', async () => {
    let broken = true;
    const { backend } = regionBackend({
      'GET /api/blade-system/region/lazy-tree': (call) =>
        broken ? fail('服务器异常', 500) : ok(call.query.parentCode ? [] : [{ id: '00', parentId: '', title: '中国', key: '00', value: '00', hasChildren: false }]),
    });
    const app = await renderPlugin(regionPlugin, { backend });
    expect(await screen.findByText('区划加载失败')).toBeTruthy();
    broken = false;
    await app.user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('中国', { selector: TITLE })).toBeTruthy();
  });

  it('a reader (the region menu only) sees no add, edit or delete; English texts', async () => {
    const { backend } = regionBackend();
    const app = await renderPlugin(regionPlugin, { backend, user: { permissions: ['region'], roles: ['user'] }, language: 'en' });
    await app.user.click(await screen.findByText('广东省'));
    expect(await screen.findByText('广东省', { selector: '.ba-view-value' })).toBeTruthy();
    expect(screen.getByText('Province')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add child/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.getByPlaceholderText('Find by name or code')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Region tree' })).toBeTruthy();
  });
});
