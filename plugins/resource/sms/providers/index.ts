import { randomUUID } from 'node:crypto';
import type { LocalText } from '../../../../core/sdk/server';
import { ALIYUN, DEFAULT_REGION } from '../entity';
import { aliyunProvider } from './aliyun';
import { knownAliyunCode } from './aliyun-codes';
import { SANDBOX_DELIVERED, sandboxProvider } from './sandbox';
import type { SmsProvider } from './types';

/** A configuration as the sender reads it, its secret opened. */
export interface ProviderConfig {
  category: number;
  accessKey: string;
  secretKey: string;
  regionId: string;
}

/** What Aliyun cannot send without, as a refusal names it. */
export const ALIYUN_REQUIRED = {
  templateId: { zh: '模板ID', en: 'template id' },
  signName: { zh: '短信签名', en: 'signature' },
  accessKey: { zh: 'accessKey', en: 'access key' },
  secretKey: { zh: 'secretKey', en: 'secret key' },
} as const satisfies Record<string, LocalText>;

/** The provider a configuration's category names (the sandbox for any other). */
export function providerFor(config: ProviderConfig, context: { now: () => Date; nextId: () => string }): SmsProvider {
  if (config.category === ALIYUN) {
    return aliyunProvider({ accessKey: config.accessKey, secretKey: config.secretKey, regionId: config.regionId || DEFAULT_REGION }, { now: context.now, nonce: randomUUID });
  }
  return sandboxProvider(context.nextId);
}

/** What a provider's code means, in both languages, when it is one we know (a record is then read in the reader's language). */
export function codeMeaning(category: number, code: string): LocalText | undefined {
  if (category === ALIYUN) return knownAliyunCode(code);
  return code === 'OK' ? SANDBOX_DELIVERED : undefined;
}
