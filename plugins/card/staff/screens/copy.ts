import { Message } from '@arco-design/web-react';
import { i18n } from '../../../../core/sdk/browser';

/** Copies `text` to the clipboard and says whether it worked (a page without clipboard access says so). */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    Message.success({ id: 'card-staff:copy', content: i18n.t('card.staff.copied') });
  } catch {
    Message.warning({ id: 'card-staff:copy', content: i18n.t('card.staff.copyFailed') });
  }
}
