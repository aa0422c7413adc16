import { describe, expect, it as baseIt } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { inProcessServer, renderPlugin } from '../../../core/sdk/testing';
import dictPlugin from '../../dict/index';
import dictServer from '../../dict/server';
import cardPlugin from '../index';
import cardServer from '../server';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

/** The festival screen against the real server: the next dates, and the form's companies shown for chosen companies only. */
const backend = inProcessServer({ plugins: [dictServer, cardServer] });

const ALL = ['card', 'festival', 'festival_view', 'festival_add', 'festival_edit', 'festival_delete'];
const formItem = (scope: HTMLElement, label: string) => within(scope).getByText(label, { selector: 'label, label *' }).closest('.arco-form-item') as HTMLElement;
const pick = async (select: HTMLElement, option: string) => {
  fireEvent.click(select.closest('.arco-select')!.querySelector('.arco-select-view') as HTMLElement);
  fireEvent.click(await screen.findByText(option, { selector: '.arco-select-popup .arco-select-option, .arco-select-popup .arco-select-option *' }));
};
const choose = (scope: HTMLElement, label: string, option: string) => pick(formItem(scope, label).querySelector('.arco-select-view') as HTMLElement, option);

describe('festival screen (in-process server)', () => {
  it('lists the festivals by their next date, with the days until each', async () => {
    await renderPlugin(cardPlugin, { backend, route: '/card/festival', with: [dictPlugin], user: { permissions: ALL } });
    const row = (await screen.findByText('元旦')).closest('tr')!;
    expect(within(row).getByText(/^\d{4}-01-01$/)).toBeTruthy();
    expect(within(row).getByText(/^(今天|\d+ 天后)$/)).toBeTruthy();
  });

  it('the companies are asked for only when the festival is for chosen companies; then they are required and saved', async () => {
    const app = await renderPlugin(cardPlugin, { backend, route: '/card/festival', with: [dictPlugin], user: { permissions: ALL } });
    await screen.findByText('元旦');
    await app.user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText('适用公司', { selector: 'label, label *' })).toBeNull();

    await app.user.type(within(dialog).getByPlaceholderText('请输入节日名称'), '植树节');
    await pick(within(dialog).getByRole('combobox', { name: '月' }), '3月');
    await pick(within(dialog).getByRole('combobox', { name: '日' }), '12日');

    await choose(dialog, '适用范围', '指定公司');
    await waitFor(() => expect(formItem(dialog, '适用公司')).toBeTruthy());
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await within(dialog).findByText('请选择适用公司')).toBeTruthy();

    // Back to all companies: the field goes, and with it the rule.
    await choose(dialog, '适用范围', '全部公司');
    await waitFor(() => expect(within(dialog).queryByText('适用公司', { selector: 'label, label *' })).toBeNull());
    await choose(dialog, '适用范围', '指定公司');
    await choose(dialog, '适用公司', '蓝鲸建筑设计');
    await app.user.click(within(dialog).getByTestId('crud-save'));
    expect(await screen.findByText('新增成功')).toBeTruthy();

    const server = await backend.server();
    const saved = await server.ctx.db.system((tx) =>
      tx.one<{ date: string; scope: number; names: string }>(
        `select f.date, f.scope, (select string_agg(c.name, ',') from blade_company c where c.id = any(string_to_array(f.company_ids, ',')::bigint[])) as names
           from blade_festival f where f.name = '植树节' and f.is_deleted = 0`,
      ),
    );
    expect(saved).toEqual({ date: '03-12', scope: 2, names: '蓝鲸建筑设计' });
  });
});
