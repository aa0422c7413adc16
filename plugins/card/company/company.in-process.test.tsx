import { describe, expect, it as baseIt } from '@rstest/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { inProcessServer, renderPlugin } from '../../../core/sdk/testing';
import dictPlugin from '../../dict/index';
import dictServer from '../../dict/server';
import cardPlugin from '../index';
import cardServer from '../server';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

/** The company screen against the real server: the default tag, and another company made the default from its row. */
const backend = inProcessServer({ plugins: [dictServer, cardServer] });

const VIEW = ['card', 'company', 'company_view'];
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('company screen (in-process server)', () => {
  it('tags the default company; 设为默认 on another row moves the tag there, and the server has it', async () => {
    const app = await renderPlugin(cardPlugin, { backend, route: '/card/company', with: [dictPlugin], user: { permissions: [...VIEW, 'company_edit', 'company_default'] } });
    expect(within(await rowOf('布雷德科技')).getByText('默认')).toBeTruthy();
    // The default company's row offers no 设为默认.
    expect(within(await rowOf('布雷德科技')).queryByRole('button', { name: '设为默认' })).toBeNull();

    await app.user.click(within(await rowOf('蓝鲸建筑设计')).getByRole('button', { name: '设为默认' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('确定将「蓝鲸建筑设计」设为默认公司？')).toBeTruthy();
    await app.user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('已设为默认公司')).toBeTruthy();
    await waitFor(async () => expect(within(await rowOf('蓝鲸建筑设计')).getByText('默认')).toBeTruthy());
    expect(within(await rowOf('布雷德科技')).queryByText('默认')).toBeNull();
    expect(app.callsTo('POST /api/company/information/defaultCompany')).toHaveLength(1);

    const server = await backend.server();
    const defaults = await server.ctx.db.system((tx) => tx.query<{ name: string }>(`select name from blade_company where tenant_id = '000000' and is_deleted = 0 and is_default = 1`));
    expect(defaults).toEqual([{ name: '蓝鲸建筑设计' }]);
  });

  it('without the company_default code no row offers 设为默认', async () => {
    await renderPlugin(cardPlugin, { backend, route: '/card/company', with: [dictPlugin], user: { permissions: VIEW } });
    await rowOf('布雷德科技');
    expect(screen.queryAllByRole('button', { name: '设为默认' })).toEqual([]);
  });

  it('an introduction with pictures, opened, edited and saved, keeps its pictures on the server', async () => {
    const server = await backend.server();
    const whale = await server.ctx.db.system((tx) => tx.one<{ id: string; images: string }>(`select id::text as id, images from blade_company where tenant_id = '000000' and name = '蓝鲸建筑设计'`));
    const [own] = whale!.images.split(',');
    // As the server keeps it: an own file and a web picture, inside paragraphs.
    const stored = `<p>设计团队<img src="${own}" alt="工作室" /></p><p><img src="https://img.example.com/award.jpg" alt="获奖" />获奖作品</p><p>联系我们</p>`;
    await server.ctx.db.system((tx) => tx.query(`update blade_company set introduction = $1 where id = $2`, [stored, whale!.id]));

    const app = await renderPlugin(cardPlugin, { backend, route: '/card/company', with: [dictPlugin], user: { permissions: [...VIEW, 'company_edit'] } });
    await app.user.click(within(await rowOf('蓝鲸建筑设计')).getByRole('button', { name: '修改' }));
    const dialog = await screen.findByRole('dialog');
    const editor = await within(dialog).findByRole('textbox', { name: '公司简介' });
    await waitFor(() => expect(editor.querySelectorAll('img:not(.ProseMirror-separator)')).toHaveLength(2));
    await act(async () => editor.focus());
    await app.user.click(editor.querySelector('p:last-child')!);
    await app.user.keyboard('。');
    await app.user.click(screen.getByTestId('crud-save'));
    await waitFor(() => expect(app.callsTo('POST /api/company/information/update')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const saved = await server.ctx.db.system((tx) => tx.one<{ introduction: string }>(`select introduction from blade_company where id = $1`, [whale!.id]));
    expect(saved!.introduction).toBe(stored.replace('联系我们</p>', '联系我们。</p>'));
  });
});
