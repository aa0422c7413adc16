import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses a tenant administrator may type are URLs this server calls (an S3 endpoint, say): left
 * unchecked, one could aim the server at its own machine, its private network or a cloud's metadata
 * service. Only public addresses are called, unless the server's operator lists a host (an environment
 * variable naming hosts, comma-separated: a MinIO on the local network, a test server on 127.0.0.1).
 */

const INTERNAL = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the clouds' metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4],
] as const) INTERNAL.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 of any IPv4 address
] as const) INTERNAL.addSubnet(net, bits, 'ipv6');

/** An address of this machine or a private network (v4, v6, v4-mapped v6); false for a name. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return INTERNAL.check(mapped[1], 'ipv4');
  return INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The hosts an environment variable lists (comma-separated, case-insensitive; `[::1]` or `::1`). */
export function listedHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1'))
    .filter(Boolean);
}

const bare = (hostname: string) => hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');

/**
 * Whether a URL's host may be called as typed: listed hosts always, a literal address only when public,
 * `localhost` never unless listed. A name's addresses are judged when it is resolved (`publicOnlyLookup`).
 */
export function hostAllowed(hostname: string, listed: readonly string[]): boolean {
  const host = bare(hostname);
  if (listed.includes(host)) return true;
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  return !isInternalAddress(host);
}

/**
 * A `lookup` for an HTTP agent that refuses a name resolving to an internal address (unless the name is
 * listed): judged at every connection, so a name that resolves elsewhere later (DNS rebinding) is caught.
 */
export function publicOnlyLookup(listed: readonly string[]): LookupFunction {
  return (hostname, options, callback) => {
    const all: LookupAllOptions = { ...(typeof options === 'object' ? options : {}), all: true };
    dnsLookup(hostname, all, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const allowed = listed.includes(bare(hostname)) ? addresses : addresses.filter((a) => !isInternalAddress(a.address));
      if (allowed.length === 0) {
        const refused = Object.assign(new Error(`${hostname} resolves to an internal address only`), { code: 'EINTERNALADDRESS' });
        return callback(refused, '', 0);
      }
      if ((options as { all?: boolean } | undefined)?.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      return callback(null, allowed[0].address, allowed[0].family);
    });
  };
}
