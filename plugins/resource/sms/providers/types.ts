import type { LocalText } from '../../../../core/sdk/server';

/** One message to send: the same text to every phone. */
export interface SmsMessage {
  phones: readonly string[];
  signName: string;
  /** The provider's own template (Aliyun's TemplateCode); empty for the sandbox. */
  templateId: string;
  params: Readonly<Record<string, string>>;
  /** The template rendered with the params: what the phone shows (the sandbox keeps it). */
  content: string;
}

/** What a provider answered for one message (every phone of it). */
export interface SendOutcome {
  ok: boolean;
  /** The provider's receipt id, to look the message up on its side. */
  bizId?: string;
  /** The provider's status code, as it sent it (`OK`, `isv.BUSINESS_LIMIT_CONTROL`…), or ours for a failure to reach it. */
  code: string;
  /** What the code means, for the sender. */
  message: LocalText;
}

/** A way of sending text messages. `send` never throws: a failure to reach the provider is an outcome too. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<SendOutcome>;
}
