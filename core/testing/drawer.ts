import { waitFor } from '@testing-library/react';

/**
 * Waits for the drawer holding `inside` to finish sliding in, as a user sees it open before acting in it,
 * and hands `inside` back. Arco turns a drawer's focus trap on only once it has slid in, and the trap
 * turned on last owns the focus: a dialog opened from the drawer before that moment would have its focus
 * (and the keys typed into it) taken into the drawer when the drawer's trap turns on.
 *
 * The trap is what tells that the drawer has slid in: a drawer without one (`focusLock={false}`) is refused
 * rather than taken as open, and so is one whose trap does not turn on in time.
 */
export async function drawerOpened<E extends Element>(inside: E): Promise<E> {
  const drawer = inside.closest('.arco-drawer');
  if (!drawer) throw new Error('drawerOpened: the element is not inside a drawer');
  // Arco renders the trap with the drawer's content, around it: one rendered deeper (a dialog's) is not the drawer's.
  const trap = drawer.querySelector(':scope > .arco-drawer-inner > [data-focus-lock-disabled]');
  if (!trap) throw new Error('drawerOpened: the drawer has no focus trap (focusLock off?), so nothing tells when it has slid in');
  await waitFor(() => {
    if (trap.getAttribute('data-focus-lock-disabled') !== 'false') throw new Error('drawerOpened: the drawer’s focus trap never turned on: it has not finished sliding in');
  });
  return inside;
}
