import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The address a request came from, for lock-outs, rate limits and logs. By default the socket's peer:
 * `X-Forwarded-For` is written by whoever sends the request, so it is believed only when the operator
 * says the server sits behind proxies (`TRUST_PROXY`: `1` or `true` for one proxy, a number for a chain
 * of them). Each proxy appends the address it received the request from, so with N trusted proxies the
 * client is the N-th entry from the right; entries further left were written by the client and are ignored.
 */

const MAX_LENGTH = 64;

/** How many proxies in front of the server append to `X-Forwarded-For` (0: none is trusted). */
export function trustedProxyHops(setting: string | undefined): number {
  const value = (setting ?? '').trim().toLowerCase();
  if (value === 'true' || value === 'yes') return 1;
  const hops = Number(value);
  return Number.isInteger(hops) && hops > 0 && hops <= 10 ? hops : 0;
}

/** `::ffff:10.0.0.1` (IPv4 on a dual-stack socket) as `10.0.0.1`; cut to what the columns keep. */
function normalise(address: string): string {
  const trimmed = address.trim();
  return (trimmed.toLowerCase().startsWith('::ffff:') && trimmed.includes('.') ? trimmed.slice(7) : trimmed).slice(0, MAX_LENGTH);
}

/** The client's address from the socket's peer and the forwarded chain, trusting `hops` proxies. */
export function clientAddress(socketAddress: string, forwardedFor: string | undefined, hops: number): string {
  if (hops > 0 && forwardedFor) {
    const chain = forwardedFor
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    // A shorter chain than configured: the leftmost entry is still one a trusted proxy wrote.
    const entry = chain.length >= hops ? chain[chain.length - hops] : chain[0];
    if (entry) return normalise(entry);
  }
  return normalise(socketAddress);
}

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? '';
  } catch {
    return ''; // a request made in-process (app.request in tests) has no socket
  }
}

/** The caller's address ('' when unknown), as `TRUST_PROXY` says to read it. */
export function clientIp(c: Context): string {
  return clientAddress(socketAddress(c), c.req.header('x-forwarded-for'), trustedProxyHops(process.env.TRUST_PROXY));
}
