import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { createTestServer, type TestServer } from '../../core/sdk/server-testing';
import dictServer from './server';

/** `provides.dictionaryLabels`: how other plugins read a system dictionary's entries. */

let ts: TestServer;
beforeAll(async () => {
  ts = await createTestServer({ plugins: [dictServer] });
});
afterAll(() => ts.close());

const labels = (code: string) => ts.ctx.db.system((tx) => ts.ctx.extensions.dictionaryLabels!(tx, code));

test('the live entries by key, in order, in both languages; a removed one left out, a missing English value is the Chinese one', async () => {
  expect(ts.ctx.extensions.dictionaryLabels).toBeDefined();
  expect([...(await labels('sex')).entries()]).toEqual([
    ['1', { zh: '男', en: 'Male' }],
    ['2', { zh: '女', en: 'Female' }],
  ]);
  await ts.ctx.db.system(async (tx) => {
    await tx.query(`update blade_dict set dict_value_en = null where code = 'yes_no' and dict_key = '2'`);
    await tx.query(`update blade_dict set is_deleted = 1 where code = 'yes_no' and dict_key = '1'`);
  });
  expect([...(await labels('yes_no')).entries()]).toEqual([['2', { zh: '是', en: '是' }]]);
  expect((await labels('nothing')).size).toBe(0);
});
