import type { LocalText } from '../../../../core/sdk/server';
import type { SendOutcome, SmsProvider } from './types';

export const SANDBOX_DELIVERED: LocalText = { zh: '沙箱已记录，未实际发送', en: 'Kept by the sandbox, not really sent' };

/**
 * The sandbox: sends nothing and answers delivered, so a developer or a demo reads the messages on the
 * 短信记录 screen (every message is recorded there by the sender, whatever the provider).
 */
export function sandboxProvider(nextId: () => string): SmsProvider {
  return {
    send(): Promise<SendOutcome> {
      return Promise.resolve({ ok: true, bizId: `SANDBOX-${nextId()}`, code: 'OK', message: SANDBOX_DELIVERED });
    },
  };
}
