import { describe, expect, it as baseIt } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { inProcessServer, renderPlugin } from '../../../core/sdk/testing';
import dictPlugin from '../../dict/index';
import dictServer from '../../dict/server';
import geniusPlugin from '../index';
import geniusServer from '../server';
import { commerceTopMenu } from '../test-plugins';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

/**
 * The genius list against the real server: avatars, the category's name, tags as tags, the price in
 * yuan and the state as a coloured tag; a genius added with its tags typed one by one (the ninth
 * refused with the rule's words), and the order count shown, never edited.
 */
const backend = inProcessServer({ plugins: [dictServer, commerceTopMenu, geniusServer] });
const ALL = ['genius', 'genius_view', 'genius_add', 'genius_edit', 'genius_delete'];
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('genius list screen (in-process server)', () => {
  it('shows each genius with avatar, category, tags as tags, the price in yuan and a coloured state', async () => {
    await renderPlugin(geniusPlugin, { backend, route: '/genius/list', with: [dictPlugin], user: { permissions: ['genius', 'genius_view'] } });
    const row = await rowOf('林思远');
    expect(row.querySelector('img')?.getAttribute('src')).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\//);
    expect(await within(row).findByText('设计')).toBeTruthy();
    // The first two tags, and how many more (all of them in the cell's title).
    for (const tag of ['品牌设计', 'VI系统', '+1']) expect(within(row).getByText(tag).closest('.arco-tag')).toBeTruthy();
    expect(within(row).getByTitle('品牌设计、VI系统、包装设计')).toBeTruthy();
    expect(within(row).getByText('¥1,999.00')).toBeTruthy();
    expect(within(row).getByText('上架').closest('.arco-tag')?.className).toContain('green');
    expect(within(await rowOf('何佳怡')).getByText('下架').closest('.arco-tag')?.className).toContain('gray');
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
  });

  it('adds a genius with its tags typed one by one: a ninth is refused with the rule’s words; the order count starts at 0', async () => {
    const app = await renderPlugin(geniusPlugin, { backend, route: '/genius/list', with: [dictPlugin], user: { permissions: ALL } });
    await screen.findByText('林思远');
    await app.user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText('订单数')).toBeNull();
    await app.user.type(within(dialog).getByPlaceholderText('请输入达人名称'), '新达人');
    await app.user.type(within(dialog).getByPlaceholderText('请输入服务价格'), '680');
    const tags = within(dialog).getByPlaceholderText('输入标签后按回车，最多 8 个');
    for (const tag of ['一', '二', '三', '四', '五', '六', '七', '八', '九']) {
      await app.user.type(tags, tag);
      // Arco's tag input reads the key code, which user-event leaves out.
      fireEvent.keyDown(tags, { key: 'Enter', keyCode: 13, which: 13 });
    }
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await within(dialog).findByText('标签最多 8 个')).toBeTruthy();

    await app.user.click(within(dialog).getAllByRole('button', { name: /关闭|close/i }).find((b) => b.closest('.arco-tag')?.textContent === '九')!);
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await screen.findByText('新增成功')).toBeTruthy();

    const server = await backend.server();
    const saved = await server.ctx.db.system((tx) => tx.one<{ tags: string; service_price: string; order_count: number }>(`select tags, service_price, order_count from genius where name = '新达人' and is_deleted = 0`));
    expect(saved).toEqual({ tags: '一,二,三,四,五,六,七,八', service_price: '68000', order_count: 0 });

    await app.user.click(within(await rowOf('新达人')).getByRole('button', { name: '查看' }));
    const view = await screen.findByRole('dialog');
    await waitFor(() => expect(within(view).getByText('订单数')).toBeTruthy());
    expect(within(view).getByText('八').closest('.arco-tag')).toBeTruthy();
  });
});
