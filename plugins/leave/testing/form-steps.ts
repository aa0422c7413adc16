import { expect } from '@rstest/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';

/** The form item whose label reads `label`. */
export const itemOf = (label: string) => screen.getByText(label, { selector: '.arco-form-label-item label, .arco-form-label-item label *' }).closest('.arco-form-item') as HTMLElement;

/** Types a date-time into the picker of the item labelled `label` and confirms it, as a user would. */
export async function pickTime(label: string, value: string) {
  const input = itemOf(label).querySelector('input') as HTMLInputElement;
  fireEvent.focus(input);
  fireEvent.click(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(input.value).toBe(value));
}
