import { expect, test } from '@rstest/core';
import { hostAllowed, isInternalAddress, listedHosts, publicOnlyLookup } from './outbound-address';

test.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1'])('%s is internal', (address) => {
  expect(isInternalAddress(address)).toBe(true);
});

test.each(['8.8.8.8', '52.95.110.1', '2606:4700::1111', 'example.com'])('%s is not (a name is judged when resolved)', (address) => {
  expect(isInternalAddress(address)).toBe(false);
});

test('a host is allowed when public, or listed by the operator', () => {
  expect(hostAllowed('s3.amazonaws.com', [])).toBe(true);
  expect(hostAllowed('127.0.0.1', [])).toBe(false);
  expect(hostAllowed('localhost', [])).toBe(false);
  expect(hostAllowed('[::1]', [])).toBe(false);
  expect(hostAllowed('127.0.0.1', listedHosts(' 127.0.0.1 , minio.lan'))).toBe(true);
  expect(hostAllowed('[::1]', listedHosts('[::1]'))).toBe(true);
  expect(hostAllowed('MINIO.LAN', listedHosts('minio.lan'))).toBe(true);
});

const resolve = (lookup: ReturnType<typeof publicOnlyLookup>, host: string) =>
  new Promise<{ error: NodeJS.ErrnoException | null; address: string }>((done) => lookup(host, {}, (error, address) => done({ error, address: String(address) })));

test('a name resolving to an internal address is refused when connecting, unless listed', async () => {
  const refused = await resolve(publicOnlyLookup([]), 'localhost');
  expect(refused.error?.code).toBe('EINTERNALADDRESS');
  const listed = await resolve(publicOnlyLookup(['localhost']), 'localhost');
  expect(listed.error).toBeNull();
  expect(isInternalAddress(listed.address)).toBe(true);
});
