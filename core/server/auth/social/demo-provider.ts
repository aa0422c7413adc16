import { randomBytes, randomUUID } from 'node:crypto';
import type { ProviderIdentity } from './codes';

/**
 * A local stand-in for a third-party sign-in (GitHub, WeChat…) so the guest flow works offline: every
 * visit is a new person. A real provider would put its user's id and profile here instead.
 */
export const DEMO_SOURCE = 'demo';

export function newDemoIdentity(): ProviderIdentity {
  const tag = randomBytes(2).toString('hex').toUpperCase();
  return { source: DEMO_SOURCE, uuid: randomUUID(), username: `demo_${tag.toLowerCase()}`, nickname: `访客${tag}`, avatar: '' };
}
