/**
 * What the server can honestly say about where a visitor's address is without an IP database (none is
 * shipped, and the server may have no internet access): an address of a private or loopback network is
 * "local"; anything else is unknown (''). The address itself is not kept.
 */

/** The stored region of an address of a private or loopback network (shown as 本地 / Local). */
export const LOCAL_REGION = 'local';

export const REGION_TEXT = { [LOCAL_REGION]: { zh: '本地', en: 'Local' } } as const;

function ipv4Parts(address: string): number[] | null {
  const parts = address.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const numbers = parts.map(Number);
  return numbers.every((n) => n <= 255) ? numbers : null;
}

/** Loopback, private (RFC 1918), link-local, carrier-grade NAT; ::1, fc00::/7, fe80::/10 for IPv6. */
export function isLocalAddress(address: string): boolean {
  const v4 = ipv4Parts(address);
  if (v4) {
    const [a, b] = v4 as [number, number, number, number];
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
  }
  const v6 = address.toLowerCase();
  if (!v6.includes(':')) return false;
  return v6 === '::1' || /^f[cd][0-9a-f]{0,2}:/.test(v6) || /^fe[89ab][0-9a-f]?:/.test(v6);
}

/** The region stored for a visit from `address` ('' when the address is unknown or public). */
export function ipRegionOf(address: string): string {
  return address && isLocalAddress(address) ? LOCAL_REGION : '';
}
