import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useState } from 'react';
import { afterEach, describe, expect, it as baseIt } from '@rstest/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from '@arco-design/web-react';
import { hasMenuIcon } from '../shell/icons';
import { IconPicker, MENU_ICON_NAMES } from './IconPicker';

const it = (name: string, fn: () => Promise<void>) => baseIt(name, fn, 60_000);

/** The shell's icon table (core/shell/menu-icons.tsx), read from its source: `name: IconComponent` pairs. */
function shellIcons(): Map<string, string> {
  const source = readFileSync(join(process.cwd(), 'core/shell/menu-icons.tsx'), 'utf8');
  const table = /const menuIcons[^=]*=\s*\{([\s\S]*?)\};/.exec(source)?.[1] ?? '';
  const pairs = [...table.matchAll(/'?([\w-]+)'?\s*:\s*(Icon\w+)/g)].map((m) => [m[1]!, m[2]!] as const);
  return new Map(pairs);
}

function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <IconPicker value={value} onChange={setValue} placeholder="图标" />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('IconPicker', () => {
  afterEach(() => act(() => Modal.destroyAll()));

  it('offers every icon the shell draws, once each, under names the shell knows', async () => {
    const shell = shellIcons();
    expect(shell.size).toBeGreaterThan(50);
    for (const name of MENU_ICON_NAMES) expect([name, hasMenuIcon(name)]).toEqual([name, true]);
    const offered = new Set(MENU_ICON_NAMES.map((name) => shell.get(name)));
    expect(offered.size).toBe(MENU_ICON_NAMES.length); // no icon twice
    expect([...new Set(shell.values())].filter((component) => !offered.has(component))).toEqual([]); // none missing
  });

  it('searches the grid; a click chooses; typing keeps any name; Esc closes the grid only', async () => {
    // The grid's popup ignores the pointer while it fades in: no wait for the animation in tests.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(<Field />);
    await user.click(screen.getByRole('button', { name: '选择图标' }));
    const grid = await screen.findByRole('listbox', { name: '选择图标' });
    expect(within(grid).getAllByRole('option')).toHaveLength(MENU_ICON_NAMES.length);

    await user.type(screen.getByRole('textbox', { name: '搜索图标' }), 'user');
    await waitFor(() => expect(within(grid).getAllByRole('option').map((o) => o.getAttribute('aria-label'))).toEqual(['user', 'user-add', 'user-group']));
    await user.click(within(grid).getByRole('option', { name: 'user-group' }));
    expect(screen.getByTestId('value').textContent).toBe('user-group');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());

    // Opened again: the chosen icon is marked; nothing matches 'zzz'; Enter picks the first match.
    await user.click(screen.getByRole('button', { name: '选择图标' }));
    expect((await screen.findByRole('option', { name: 'user-group' })).getAttribute('aria-selected')).toBe('true');
    const search = screen.getByRole('textbox', { name: '搜索图标' });
    await user.type(search, 'zzz');
    expect(await screen.findByText('没有匹配的图标')).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'dash{Enter}');
    expect(screen.getByTestId('value').textContent).toBe('dashboard');

    await user.click(screen.getByRole('button', { name: '选择图标' }));
    await screen.findByRole('listbox');
    fireEvent.keyDown(screen.getByRole('textbox', { name: '搜索图标' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '选择图标' })); // focus back where it was

    // A name of one's own (a BladeX icon class) is kept as typed.
    const input = screen.getByPlaceholderText('图标');
    await user.clear(input);
    await user.type(input, 'iconfont icon-caidan');
    expect(screen.getByTestId('value').textContent).toBe('iconfont icon-caidan');
  });

  it('moves through the grid with the arrow keys and chooses with Enter', async () => {
    // The grid's popup ignores the pointer while it fades in: no wait for the animation in tests.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(<Field initial="home" />);
    await user.click(screen.getByRole('button', { name: '选择图标' }));
    const search = await screen.findByRole('textbox', { name: '搜索图标' });
    await user.type(search, '{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe(MENU_ICON_NAMES[0]);
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe(MENU_ICON_NAMES[7]);
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('value').textContent).toBe(MENU_ICON_NAMES[7]);
  });
});
