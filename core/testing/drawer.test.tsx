import { useState } from 'react';
import { describe, expect, it } from '@rstest/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Drawer, Input, Modal } from '@arco-design/web-react';
import { drawerOpened } from './drawer';

/** A drawer with a button opening a dialog with a text box, as the order screens have. */
function DrawerWithDialog() {
  const [dialog, setDialog] = useState(false);
  return (
    <Drawer visible title="drawer" footer={null}>
      <p data-testid="drawer-body">body</p>
      <button onClick={() => setDialog(true)}>open the dialog</button>
      <Modal visible={dialog} title="dialog" footer={null}>
        <Input data-testid="dialog-input" />
      </Modal>
    </Drawer>
  );
}

const slideAndMore = () => act(() => new Promise((resolve) => setTimeout(resolve, 600)));

/** Opens the dialog and puts the focus in its text box, as a click there does. */
async function focusTheDialog(): Promise<HTMLElement> {
  act(() => screen.getByText('open the dialog').click());
  const input = await screen.findByTestId('dialog-input');
  act(() => input.focus());
  expect(document.activeElement).toBe(input);
  return input;
}

describe('drawerOpened', () => {
  it('waits for the drawer’s focus trap, which turns on once the drawer has slid in', async () => {
    render(<DrawerWithDialog />);
    const body = await screen.findByTestId('drawer-body');
    const trap = body.closest('.arco-drawer')!.querySelector('[data-focus-lock-disabled]')!;
    expect(trap.getAttribute('data-focus-lock-disabled')).toBe('disabled');
    expect(await drawerOpened(body)).toBe(body);
    expect(trap.getAttribute('data-focus-lock-disabled')).toBe('false');
  });

  it('is why a dialog opened from the drawer keeps its focus: sooner, the drawer’s trap takes it', async () => {
    const early = render(<DrawerWithDialog />);
    await focusTheDialog();
    await slideAndMore();
    await waitFor(() => expect(document.activeElement?.closest('.arco-drawer')).toBeTruthy());
    early.unmount();

    render(<DrawerWithDialog />);
    await drawerOpened(await screen.findByTestId('drawer-body'));
    const input = await focusTheDialog();
    await slideAndMore();
    expect(document.activeElement).toBe(input);
  });

  it('refuses an element outside any drawer', async () => {
    render(<p data-testid="loose">loose</p>);
    await expect(drawerOpened(screen.getByTestId('loose'))).rejects.toThrow('not inside a drawer');
  });
});
