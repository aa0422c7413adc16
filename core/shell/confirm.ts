import type { ConfirmProps } from '@arco-design/web-react/es/Modal/confirm';
import { siteConfig } from '../config';
import { toastError } from '../http/toast';
import { i18n } from '../i18n';
import { withTimeout } from './lazy';

/**
 * Asks for a confirmation in Arco's dialog. The dialog's code (the modal and its focus trap, about 90 kB
 * raw) is fetched at the first question, not with the screen that may ask one: the layout's sign-out and
 * clear-cache questions leave it out of the first page after sign-in. If it cannot be fetched a toast
 * says so and nothing is done.
 */
export function confirm(props: ConfirmProps): void {
  withTimeout(import('./confirm-dialog'), siteConfig().chunkTimeout).then(
    ({ openConfirm }) => openConfirm(props),
    () => toastError(i18n.t('kernel.chunkFailed')),
  );
}
