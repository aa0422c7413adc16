import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from '@rstest/core';
import { fileFolder, KeyOutsideFolder, localDiskStore, pathOfKey } from './local-disk';

const root = mkdtempSync(join(tmpdir(), 'local-disk-'));
const outside = join(root, '..', `${root.split(/[\\/]/).pop()}-secret.txt`);
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { force: true });
});

test('an object is written, read back and removed under its key; a missing one reads as null', async () => {
  const store = localDiskStore('1', root);
  await store.put('000000/2026/11/a.png', new Uint8Array([1, 2, 3]), 'image/png');
  expect(await store.get('000000/2026/11/a.png')).toEqual(new Uint8Array([1, 2, 3]));
  await store.remove('000000/2026/11/a.png');
  expect(await store.get('000000/2026/11/a.png')).toBeNull();
  await store.remove('000000/2026/11/a.png'); // removing what is gone is no error
});

test.each(['../escape.txt', '000000/../../escape.txt', '/etc/passwd', 'a\\..\\..\\b', '', '.', 'a/\0b'])('the key %j never leaves the folder', async (key) => {
  expect(() => pathOfKey(root, key)).toThrow(KeyOutsideFolder);
  const store = localDiskStore('1', root);
  await expect(store.put(key, new Uint8Array([1]), 'text/plain')).rejects.toThrow(KeyOutsideFolder);
  await expect(store.get(key)).rejects.toThrow(KeyOutsideFolder);
});

test('a file beside the folder is not reached through a key', async () => {
  writeFileSync(outside, 'secret');
  const store = localDiskStore('1', root);
  await expect(store.get(`../${outside.split(/[\\/]/).pop()}`)).rejects.toThrow(KeyOutsideFolder);
});

test('the folder: FILE_DIR, else the data folder’s files, else the temporary folder for an in-memory database', () => {
  expect(fileFolder({ dataDir: '/srv/data' }, { FILE_DIR: '/mnt/files' })).toBe('/mnt/files');
  expect(fileFolder({ dataDir: '/srv/data' }, {})).toBe('/srv/data/files');
  expect(fileFolder({ dataDir: undefined }, {})).toBe(join(tmpdir(), 'card-admin-files'));
});
