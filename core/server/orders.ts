import type { ServerContext } from './context';
import { idParts } from './ids';

/**
 * Order numbers people read aloud and search for: the prefix, the server's wall-clock second
 * (yyyyMMddHHmmss), then twelve digits from a fresh id: its millisecond within a 100-second window and its
 * worker and sequence bits. Two numbers of one second differ in those digits (ids differ there), so they
 * are unique across processes sharing the database; a table still puts a unique index on them.
 */

/** A prefix: one to six capital letters or digits (`CO`, `GO`), so that a number fits 32 characters. */
const PREFIX = /^[A-Z0-9]{1,6}$/;
/** The longest order number. */
export const ORDER_NUMBER_MAX = 32;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `CO20240601093015` + 12 digits: at most 32 characters. */
export function orderNumber(ctx: Pick<ServerContext, 'ids' | 'now'>, prefix: string): string {
  if (!PREFIX.test(prefix)) throw new Error(`orderNumber: the prefix "${prefix}" must be 1 to 6 capital letters or digits.`);
  const at = ctx.now();
  const { ms, rest } = idParts(ctx.ids.next());
  const second = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  return `${prefix}${second}${pad(ms % 100_000, 5)}${pad(rest, 7)}`;
}
