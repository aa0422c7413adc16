import { expect, test } from '@rstest/core';
import { Hono } from 'hono';
import { clientAddress, clientIp, trustedProxyHops } from './client-ip';

test('TRUST_PROXY: off unless set to true or a small number of proxies', () => {
  expect([undefined, '', '0', 'false', 'no', '-1', '1.5', '99'].map(trustedProxyHops)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  expect([' true ', 'YES', '1', '2'].map(trustedProxyHops)).toEqual([1, 1, 1, 2]);
});

test('X-Forwarded-For is ignored without trusted proxies, and only the entries the proxies wrote count', () => {
  expect(clientAddress('10.0.0.9', '1.2.3.4', 0)).toBe('10.0.0.9');
  // The client wrote 6.6.6.6 itself; the one proxy appended the address it saw.
  expect(clientAddress('10.0.0.9', '6.6.6.6, 1.2.3.4', 1)).toBe('1.2.3.4');
  expect(clientAddress('10.0.0.9', '6.6.6.6, 1.2.3.4, 10.0.0.2', 2)).toBe('1.2.3.4');
  expect(clientAddress('10.0.0.9', '1.2.3.4', 3)).toBe('1.2.3.4');
  expect(clientAddress('10.0.0.9', ' , ', 1)).toBe('10.0.0.9');
  expect(clientAddress('::ffff:10.0.0.9', undefined, 1)).toBe('10.0.0.9');
  expect(clientAddress('::1', undefined, 0)).toBe('::1');
  expect(clientAddress('10.0.0.9', 'x'.repeat(500), 1)).toHaveLength(64);
});

test('clientIp reads the socket of the request, and is empty for an in-process request', async () => {
  const app = new Hono().get('/', (c) => c.text(clientIp(c)));
  const forged = { 'X-Forwarded-For': '6.6.6.6' };
  expect(await (await app.request('/', { headers: forged }, { incoming: { socket: { remoteAddress: '::ffff:192.0.2.7' } } })).text()).toBe('192.0.2.7');
  expect(await (await app.request('/', { headers: forged })).text()).toBe('');
});
