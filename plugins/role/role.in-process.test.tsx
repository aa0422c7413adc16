import { describe, expect, it as baseIt } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import { insertRole } from '../../core/sdk/server';
import { inProcessServer, renderPlugin } from '../../core/sdk/testing';
import rolePlugin from './index';
import roleServer from './server';

/** These tests drive whole screens: more time than the default when the machine is busy. */
const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

// The screen against the real server: the grant dialog shows what the signed-in user may grant, and what
// it saves is what the server then holds.
const backend = inProcessServer({ plugins: [roleServer] });

const pane = (dialog: HTMLElement) => (dialog.querySelector('.arco-tabs-content-item-active') as HTMLElement | null) ?? dialog;
const treeNode = (dialog: HTMLElement, text: string) => within(pane(dialog)).getByText(text).closest('.arco-tree-node') as HTMLElement;
const checkbox = (el: HTMLElement) => el.querySelector('.arco-checkbox') as HTMLElement;

describe('roles screen (in-process server)', () => {
  it('a user holding the role codes grants a new role a part of them; the server holds exactly that', async () => {
    const server = await backend.server();
    const internId = await server.ctx.db.system((tx) => insertRole(tx, server.ctx.ids, { tenantId: '000000', name: '实习生', alias: 'intern', sort: 60 }));
    const app = await renderPlugin(rolePlugin, { backend });
    expect(await screen.findByText('实习生')).toBeTruthy();
    const row = screen.getByText('实习生').closest('tr') as HTMLElement;
    await app.user.click(within(row).getByRole('button', { name: /权限设置/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('角色管理');

    // Not the administrator: only what this user's role holds is grantable; 权限管理 is shown for context.
    expect(checkbox(treeNode(dialog, '权限管理')).classList.contains('arco-checkbox-disabled')).toBe(true);
    await app.user.click(checkbox(treeNode(dialog, '查看')));
    expect(checkbox(treeNode(dialog, '角色管理')).classList.contains('arco-checkbox-checked')).toBe(true);
    await app.user.click(within(dialog).getByTestId('role-grant-save'));
    expect(await screen.findByText('操作成功')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const codes = await server.ctx.db.system((tx) =>
      tx.query<{ code: string }>('select m.code from blade_role_menu rm join blade_menu m on m.id = rm.menu_id where rm.role_id = $1 order by m.code', [internId]),
    );
    expect(codes.map((c) => c.code)).toEqual(['role', 'role_view']);
    const keys = await server.get('/api/blade-system/menu/role-tree-keys', { token: app.kernel.session.token, query: { roleIds: internId } });
    expect(keys.body.data.menu).toHaveLength(2);
  });
});
