import { waitFor } from '@testing-library/react';

/**
 * Waits for the drawer holding `inside` to finish sliding in, as a user sees it open before acting in it,
 * and hands `inside` back. Arco turns a drawer's focus trap on only once it has slid in, and the trap
 * turned on last owns the focus: a dialog opened from the drawer before that moment would have its focus
 * (and the keys typed into it) taken into the drawer when the drawer's trap turns on.
 */
export async function drawerOpened<E extends Element>(inside: E): Promise<E> {
  const drawer = inside.closest('.arco-drawer');
  if (!drawer) throw new Error('drawerOpened: the element is not inside a drawer');
  // The drawer's trap wraps its content (a dialog opened inside comes later in the document).
  const trap = drawer.querySelector('[data-focus-lock-disabled]');
  if (trap) {
    await waitFor(() => {
      if (trap.getAttribute('data-focus-lock-disabled') !== 'false') throw new Error('the drawer is still sliding in');
    });
  }
  return inside;
}
