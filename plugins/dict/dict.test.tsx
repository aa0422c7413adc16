import { describe, expect, it as baseIt } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import { loadDictionary } from '../../core/sdk/browser';
import { drawerOpened, type Handlers, ok, page, renderPlugin, respond } from '../../core/sdk/testing';
import dictPlugin from './index';

/** These tests drive whole screens: more time than the default when the machine is busy. */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

const parents = [
  { id: '10', parentId: '0', code: 'sex', dictKey: '-1', dictValue: '性别', sort: 1, isSealed: 0, remark: '' },
  { id: '20', parentId: '0', code: 'notice', dictKey: '-1', dictValue: '通知类型', sort: 2, isSealed: 0, remark: '' },
];
const children = [
  { id: '11', parentId: '10', code: 'sex', dictKey: '1', dictValue: '男', sort: 1, isSealed: 0, remark: '', children: [{ id: '13', parentId: '11', code: 'sex', dictKey: '1-1', dictValue: '男孩', sort: 1, isSealed: 1, remark: '' }] },
  { id: '12', parentId: '10', code: 'sex', dictKey: '2', dictValue: '女', sort: 2, isSealed: 0, remark: '' },
];
const flat = [...parents, ...children, children[0]!.children![0]!];

/** The dictionary API (system `dict` or business `dict-biz`, same shapes), answering from the rows above. */
function dictApi(base: '/api/blade-system/dict' | '/api/blade-system/dict-biz', submitted: unknown[] = []): Handlers {
  return {
    [`GET ${base}/parent-list`]: (call) => page(parents.filter((p) => p.code.includes(call.query.code ?? ''))),
    [`GET ${base}/child-list`]: (call) => ok(call.query.parentId === '10' ? children : []),
    [`GET ${base}/detail`]: (call) => ok({ ...flat.find((r) => r.id === call.query.id), parentName: '性别' }),
    [`POST ${base}/submit`]: (call) => {
      submitted.push(call.body);
      return ok(null);
    },
  };
}
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
/** Waits for a toast (Arco's Message) saying `text`. */
const toast = (text: string) => waitFor(() => expect([...document.querySelectorAll('.arco-message')].map((e) => e.textContent)).toContain(text), { timeout: 10_000 });

describe('dictionary screens', () => {
  it('/system/dict: the dictionaries, the isSealed switch (0/1 through submit), and the entries with the child form', async () => {
    const submitted: unknown[] = [];
    const app = await renderPlugin(dictPlugin, { route: '/system/dict', backend: respond(dictApi('/api/blade-system/dict', submitted)) });
    expect(await screen.findByText('性别')).toBeTruthy();
    expect(app.callsTo('GET /api/blade-system/dict/parent-list')[0]!.query).toEqual({ current: '1', size: '10' });
    const headers = [...document.querySelectorAll('.arco-table-th')].map((th) => th.textContent?.trim());
    expect(headers).toEqual(['', '#', '字典编号', '字典名称', '英文名称', '字典排序', '封存', '字典备注', '操作']);

    // Sealing a dictionary: asked first (every tenant shares it); then the row goes back with isSealed 1,
    // its place in the tree kept.
    await app.user.click(within(rowOf('通知类型')).getByRole('switch'));
    const confirm = await screen.findByRole('dialog', { name: '提示' });
    expect(within(confirm).getByText('确定封存「通知类型」?字典由所有租户共用，封存对每个租户都生效')).toBeTruthy();
    expect(submitted).toHaveLength(0);
    await app.user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await toast('更新成功');
    expect(submitted[0]).toEqual({ id: '20', code: 'notice', dictValue: '通知类型', sort: 2, isSealed: 1, remark: '', parentId: '0', dictKey: '-1' });
    await waitFor(() => expect(app.callsTo('GET /api/blade-system/dict/parent-list')).toHaveLength(2));

    // The entries of 性别: a tree from child-list?parentId=.
    await app.user.click(within(rowOf('性别')).getByRole('button', { name: /字典配置/ }));
    expect(await screen.findByText('男')).toBeTruthy();
    expect(app.callsTo('GET /api/blade-system/dict/child-list')[0]!.query).toEqual({ parentId: '10' });
    const drawer = await drawerOpened(document.querySelector('.ba-dict-drawer') as HTMLElement);
    expect(within(drawer).getByText('性别：字典项')).toBeTruthy();

    // A new entry: the code and the parent are given and cannot be edited; the parent shows by its name.
    await app.user.click(within(drawer).getAllByRole('button', { name: /新\s*增/ })[0]!);
    const dialog = await screen.findByRole('dialog', { name: /新增字典/ });
    const code = within(dialog).getByDisplayValue('sex') as HTMLInputElement;
    const parent = within(dialog).getByDisplayValue('性别') as HTMLInputElement;
    expect(code.disabled).toBe(true);
    expect(parent.disabled).toBe(true);
    await app.user.click(within(dialog).getByTestId('crud-save'));
    for (const message of ['请输入字典键值', '请输入字典名称', '请输入字典排序']) expect(await within(dialog).findByText(message)).toBeTruthy();
    // Each value is put in as an input method commits it (the whole word in one input, not key by key).
    const fill = async (placeholder: string, text: string) => {
      const input = within(dialog).getByPlaceholderText(placeholder) as HTMLInputElement;
      await app.user.click(input);
      await app.user.paste(text);
      expect(input.value).toBe(text);
    };
    await fill('请输入字典键值', '9');
    await fill('请输入字典名称', '未知');
    // The English value is optional: what an English user's selects show.
    await fill('请输入英文值', 'Unknown');
    await fill('请输入字典排序', '9');
    for (const [placeholder, text] of [['请输入字典键值', '9'], ['请输入字典名称', '未知'], ['请输入英文值', 'Unknown']]) {
      expect((within(dialog).getByPlaceholderText(placeholder!) as HTMLInputElement).value).toBe(text);
    }
    // The form has checked the typed values again before the save is pressed (a loaded machine is slow to).
    await waitFor(() => {
      for (const message of ['请输入字典键值', '请输入字典名称', '请输入字典排序']) expect(within(dialog).queryByText(message)).toBeNull();
    }, { timeout: 5_000 });
    await app.user.click(within(dialog).getByTestId('crud-save'));
    await waitFor(() => expect(submitted).toHaveLength(2), { timeout: 10_000 });
    await toast('新增成功');
    expect(submitted[1]).toEqual({ code: 'sex', parentId: '10', dictKey: '9', dictValue: '未知', dictValueEn: 'Unknown', sort: 9, isSealed: 0 });
  });

  it('a child in the edit form: code and parent not editable, the parent shown by its name', async () => {
    const app = await renderPlugin(dictPlugin, { route: '/system/dict', backend: respond(dictApi('/api/blade-system/dict')) });
    await screen.findByText('性别');
    await app.user.click(within(rowOf('性别')).getByRole('button', { name: /字典配置/ }));
    await drawerOpened(await screen.findByText('男孩')); // the tree opens fully: a grandchild is shown
    await app.user.click(within(rowOf('男孩')).getByRole('button', { name: /修\s*改/ }));
    const dialog = await screen.findByRole('dialog', { name: /修改字典/ });
    expect(((await within(dialog).findByDisplayValue('男孩')) as HTMLInputElement).disabled).toBe(false);
    expect((within(dialog).getByDisplayValue('sex') as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByDisplayValue('男') as HTMLInputElement).disabled).toBe(true); // parent 11 by its name
    expect(within(dialog).getAllByRole('radio').length).toBe(2);
  });

  it('a new dictionary: the four rules, sent as a parent (parentId 0, dictKey -1)', async () => {
    const submitted: unknown[] = [];
    const app = await renderPlugin(dictPlugin, { route: '/system/dictbiz', backend: respond(dictApi('/api/blade-system/dict-biz', submitted)) });
    expect(await screen.findByText('性别')).toBeTruthy();
    await app.user.click(screen.getAllByRole('button', { name: /新\s*增/ })[0]!);
    const dialog = await screen.findByRole('dialog', { name: /新增业务字典/ });
    await app.user.click(within(dialog).getByPlaceholderText('请输入字典编号'));
    await app.user.tab();
    expect(await within(dialog).findByText('请输入字典编号')).toBeTruthy(); // on blur
    await app.user.click(within(dialog).getByTestId('crud-save'));
    for (const message of ['请输入字典名称', '请输入字典排序']) expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: '否' })).toBeTruthy(); // isSealed defaults to 0 (否)

    await app.user.type(within(dialog).getByPlaceholderText('请输入字典编号'), 'color');
    await app.user.type(within(dialog).getByPlaceholderText('请输入字典名称'), '颜色');
    await app.user.type(within(dialog).getByPlaceholderText('请输入字典排序'), '3');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    await toast('新增成功');
    expect(submitted[0]).toEqual({ code: 'color', dictValue: '颜色', sort: 3, isSealed: 0, parentId: '0', dictKey: '-1' });
  });

  it('/dict-horizontal/index: the dictionaries and the chosen one’s entries side by side (12/12)', async () => {
    const app = await renderPlugin(dictPlugin, { route: '/dict-horizontal/index', backend: respond(dictApi('/api/blade-system/dict')) });
    expect(await screen.findByText('性别')).toBeTruthy();
    expect(screen.getByText('请选择一个字典，查看它的字典项')).toBeTruthy();
    const cols = document.querySelectorAll('.ba-dict-layout .arco-col-12');
    expect(cols).toHaveLength(2);
    await app.user.click(screen.getByText('性别'));
    expect(await within(cols[1] as HTMLElement).findByText('女')).toBeTruthy();
    expect(within(cols[1] as HTMLElement).getByText('性别：字典项')).toBeTruthy();
    expect(rowOf('性别').className).toContain('ba-crud-row-active');
  });

  it('/dict-vertical/index: stacked, on the system dictionaries', async () => {
    const app = await renderPlugin(dictPlugin, { route: '/dict-vertical/index', backend: respond(dictApi('/api/blade-system/dict')) });
    expect(await screen.findByText('通知类型')).toBeTruthy();
    expect(document.querySelector('.ba-dict-layout.is-vertical')).toBeTruthy();
    await app.user.click(screen.getByText('性别'));
    expect(await screen.findByText('女')).toBeTruthy();
    expect(app.callsTo('GET /api/blade-system/dict/child-list')).toHaveLength(1);
  });

  it('a dictionary edited here is read again by every screen using it (no cache to clear by hand); the parent and entry lists keep their own state in the address', async () => {
    let male = '男';
    const app = await renderPlugin(dictPlugin, {
      route: '/system/dict?dict.f.code=s',
      backend: respond({
        ...dictApi('/api/blade-system/dict'),
        [`POST /api/blade-system/dict/submit`]: () => {
          male = '男性';
          return ok(null);
        },
        'GET /api/blade-system/dict/dictionary': () => ok([{ dictKey: '1', dictValue: male }]),
      }),
    });
    // The address's filter is the first call's.
    expect(await screen.findByText('性别')).toBeTruthy();
    expect(app.callsTo('GET /api/blade-system/dict/parent-list')[0]!.query).toEqual({ current: '1', size: '10', code: 's' });
    expect((within(screen.getByRole('search')).getByPlaceholderText('请输入字典编号') as HTMLInputElement).value).toBe('s');

    // Another screen reads the dictionary (kept by the data layer): asked once.
    expect((await loadDictionary({ code: 'sex' }, dictPlugin.provides!.dictionaries!)).map((e) => e.dictValue)).toEqual(['男']);
    expect((await loadDictionary({ code: 'sex' }, dictPlugin.provides!.dictionaries!)).map((e) => e.dictValue)).toEqual(['男']);
    expect(app.callsTo('GET /api/blade-system/dict/dictionary')).toHaveLength(1);

    // An entry edited in the drawer: the next read asks the server again and gets the new name.
    await app.user.click(within(rowOf('性别')).getByRole('button', { name: /字典配置/ }));
    const drawer = await drawerOpened((await screen.findByText('性别：字典项')).closest('.ba-dict-drawer') as HTMLElement);
    await within(drawer).findByText('女');
    await app.user.click(within(rowOf('女')).getByRole('button', { name: /修\s*改/ }));
    const dialog = await screen.findByRole('dialog', { name: /修改字典/ });
    await within(dialog).findByDisplayValue('女');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    await toast('更新成功');
    expect((await loadDictionary({ code: 'sex' }, dictPlugin.provides!.dictionaries!)).map((e) => e.dictValue)).toEqual(['男性']);
    expect(app.callsTo('GET /api/blade-system/dict/dictionary')).toHaveLength(2);
    // Both lists of the resource were read again after the save.
    await waitFor(() => expect(app.callsTo('GET /api/blade-system/dict/parent-list')).toHaveLength(2));
    await waitFor(() => expect(app.callsTo('GET /api/blade-system/dict/child-list')).toHaveLength(2));

    // The entries' search is theirs: under `entry.` in the address, the dictionaries' filter kept.
    await app.user.type(within(drawer).getByPlaceholderText('请输入字典名称'), '女{Enter}');
    await waitFor(() => expect(app.callsTo('GET /api/blade-system/dict/child-list').at(-1)!.query).toEqual({ parentId: '10', dictValue: '女' }));
    expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({ 'dict.f.code': 's', 'entry.f.dictValue': '女' });
  });
});
