import { bizError } from '../../../core/sdk/server';

/**
 * When a stored password may stand in for an empty one: only towards the server and account it was
 * given for. Otherwise a changed address would send the write-only password to whoever listens there.
 */
export const MSG_PASSWORD_AGAIN = { zh: '修改了连接地址或用户名时请重新输入密码', en: 'Enter the password again when the URL or the user name changes' } as const;

const same = (a: unknown, b: unknown) => String(a ?? '').trim() === String(b ?? '').trim();

/** Throws 400 unless `given`'s url and user name are the stored ones (a value not given is the stored one). */
export function assertSamePlace(stored: { url?: unknown; username?: unknown }, given: { url?: unknown; username?: unknown }): void {
  const url = given.url === undefined ? stored.url : given.url;
  const username = given.username === undefined ? stored.username : given.username;
  if (!same(url, stored.url) || !same(username, stored.username)) throw bizError(MSG_PASSWORD_AGAIN);
}
