import { Modal } from '@arco-design/web-react';
import type { ConfirmProps } from '@arco-design/web-react/es/Modal/confirm';

/** Arco's confirmation dialog; a chunk of its own, fetched by confirm.ts at the first question. */
export function openConfirm(props: ConfirmProps): void {
  Modal.confirm(props);
}
