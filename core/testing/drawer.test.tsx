import { useState } from 'react';
import { describe, expect, it } from '@rstest/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Drawer, Input, Modal } from '@arco-design/web-react';
import { drawerOpened } from './drawer';

/** A drawer with a button opening a dialog with a text box, as the order screens have. */
function DrawerWithDialog() {
  const [dialog, setDialog] = useState(false);
  const [dialogOpened, setDialogOpened] = useState(false);
  return (
    <Drawer visible title="drawer" footer={null}>
      <p data-testid="drawer-body">body</p>
      <button onClick={() => setDialog(true)}>open the dialog</button>
      <Modal visible={dialog} title="dialog" footer={null} afterOpen={() => setDialogOpened(true)}>
        <Input data-testid="dialog-input" />
        {dialogOpened ? <span data-testid="dialog-opened" /> : null}
      </Modal>
    </Drawer>
  );
}

const openTheDialog = () => act(() => screen.getByText('open the dialog').click());

/** Puts the focus in the dialog's text box, as a click there does. */
function focusTheInput(): HTMLElement {
  const input = screen.getByTestId('dialog-input');
  act(() => input.focus());
  expect(document.activeElement).toBe(input);
  return input;
}

/** Until the dialog's frame takes the focus, which Arco gives it on a timer once the dialog is open. */
async function dialogFramed(open: () => void): Promise<void> {
  let framed = false;
  const seen = (event: FocusEvent) => {
    framed ||= event.target instanceof Element && event.target.classList.contains('arco-modal-wrapper');
  };
  document.addEventListener('focusin', seen);
  try {
    open();
    await waitFor(() => expect(framed).toBe(true));
  } finally {
    document.removeEventListener('focusin', seen);
  }
}

describe('drawerOpened', () => {
  it('waits for the drawer’s focus trap, which turns on once the drawer has slid in', async () => {
    render(<DrawerWithDialog />);
    const body = screen.getByTestId('drawer-body');
    const trap = body.closest('.arco-drawer')!.querySelector('[data-focus-lock-disabled]')!;
    expect(trap.getAttribute('data-focus-lock-disabled')).toBe('disabled');
    expect(await drawerOpened(body)).toBe(body);
    expect(trap.getAttribute('data-focus-lock-disabled')).toBe('false');
  });

  it('is why a dialog opened from the drawer keeps its focus: sooner, the drawer’s trap takes it', async () => {
    // Everything at once, before any timer runs: the drawer is certainly still sliding in.
    const early = render(<DrawerWithDialog />);
    const body = screen.getByTestId('drawer-body');
    openTheDialog();
    focusTheInput();
    await drawerOpened(body);
    await waitFor(() => expect(document.activeElement?.closest('.arco-drawer')).toBeTruthy());
    early.unmount();

    render(<DrawerWithDialog />);
    await drawerOpened(await screen.findByTestId('drawer-body'));
    await dialogFramed(openTheDialog);
    const input = focusTheInput();
    // Its zoom-in ends after every move of the focus its opening makes.
    await screen.findByTestId('dialog-opened');
    expect(document.activeElement).toBe(input);
  });

  it('refuses a drawer without a focus trap: nothing would tell when it has slid in', async () => {
    render(
      <Drawer visible focusLock={false} title="drawer" footer={null}>
        <p data-testid="drawer-body">body</p>
      </Drawer>,
    );
    await expect(drawerOpened(await screen.findByTestId('drawer-body'))).rejects.toThrow('the drawer has no focus trap');
  });

  it('refuses an element outside any drawer', async () => {
    render(<p data-testid="loose">loose</p>);
    await expect(drawerOpened(screen.getByTestId('loose'))).rejects.toThrow('not inside a drawer');
  });
});
