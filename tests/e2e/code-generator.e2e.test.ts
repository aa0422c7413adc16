import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Browser, Page } from 'playwright-core';
import { scratchProject, type ScratchProject } from '../../plugins/code/generator/testing/scratch-project';
import { apiCall, apiToken } from './api';
import { launchBrowser, openPage } from './browser';
import { startServerProcess, type RunningServer } from './server-process';
import { signIn } from './session-helpers';
import { SHOTS } from './suite';

/**
 * The generator's proof, end to end, as a developer lives it: a table of twelve columns of varied types
 * (text, numbers, money in fen, dates, a boolean, a dictionary code, a parent id) with rows, in the embedded
 * database of a copy of the project; `npm run gen -- <table>` writes its plugin; one line installs it; the
 * generated code passes lint and typecheck without a byte changed and its own tests pass; the copy, built and
 * started on the same data, adopts the table, and the plugin's list screen shows the rows in the browser.
 * Each step's time is printed.
 */

const TABLE = 'club_member';
/** The rows of the plugin's list. */
const ROWS = '.ba-crud-table-box tbody .arco-table-tr';

const CREATE_TABLE = `
  create table ${TABLE} (
    id int8 primary key,
    member_name varchar(40) not null,
    city varchar(32),
    intro text,
    visits int4 not null default 0,
    rating numeric(3,1),
    deposit int8 not null default 0,
    joined_on date,
    last_seen timestamp,
    active bool not null default true,
    sex int2,
    parent_id int8 not null default 0
  );
  comment on table ${TABLE} is '俱乐部会员';
  comment on column ${TABLE}.id is '编号';
  comment on column ${TABLE}.member_name is '会员姓名';
  comment on column ${TABLE}.city is '城市';
  comment on column ${TABLE}.intro is '简介';
  comment on column ${TABLE}.visits is '到店次数';
  comment on column ${TABLE}.rating is '评分';
  comment on column ${TABLE}.deposit is '预存金额（分）';
  comment on column ${TABLE}.joined_on is '入会日期';
  comment on column ${TABLE}.last_seen is '最近到店';
  comment on column ${TABLE}.active is '是否有效';
  comment on column ${TABLE}.sex is '性别';
  comment on column ${TABLE}.parent_id is '推荐人';
  insert into ${TABLE} (id, member_name, city, intro, visits, rating, deposit, joined_on, last_seen, active, sex, parent_id) values
    (1, '张伟', '上海', '老会员，周末常来', 12, 4.5, 123456, '2023-05-04', '2024-06-01 18:30:00', true, 1, 0),
    (2, '李娜', '北京', null, 3, 3.8, 50000, '2024-01-15', '2024-05-20 10:00:00', true, 2, 0),
    (3, '王芳', '上海', '张伟介绍入会', 5, 4.2, 8800, '2024-02-20', '2024-06-02 09:15:00', false, 2, 1),
    (4, '刘洋', '杭州', null, 1, null, 0, '2024-03-08', null, true, 1, 1),
    (5, '陈静', '广州', '储值最多的会员', 7, 4.9, 200000, '2023-11-11', '2024-04-30 20:45:00', true, 2, 0);
`;

/** A command in the copy; never with the outer project's database settings, and in English. */
const inCopy = (command: string, args: readonly string[], env: Record<string, string> = {}) =>
  copy.run(command, args, { timeoutMs: 240_000, env: { DATABASE_URL: '', DATA_DIR: '', LANG: 'en_US.UTF-8', LC_ALL: '', ...env } });

const timings: [string, number][] = [];

/** Runs a step and records how long it took. */
async function timed<T>(name: string, step: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await step();
  } finally {
    const ms = Date.now() - started;
    timings.push([name, ms]);
    console.log(`[code-generator e2e] ${name}: ${(ms / 1000).toFixed(1)} s`);
  }
}

/** The bytes of every file of a folder, by path. */
function snapshot(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      files[path.slice(folder.length + 1)] = readFileSync(path).toString('base64');
    }
  }
  return files;
}

const passedCount = (output: string) => Number(/(\d+) passed, (\d+) failed/.exec(output)?.[1] ?? 0);

let copy: ScratchProject;
let browser: Browser | undefined;
let server: RunningServer | undefined;
let pluginId = '';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [copy, browser] = await Promise.all([timed('copy the project', async () => scratchProject()), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  copy?.remove();
  console.log(`[code-generator e2e] steps: ${timings.map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`).join('; ')}`);
});

describe('from a table to an installed plugin', () => {
  test('npm run gen writes the plugin of a twelve-column table of the embedded database', async () => {
    await timed('create the table in the copy’s embedded database', async () => {
      mkdirSync(join(copy.root, 'data'), { recursive: true });
      const db = await PGlite.create({ dataDir: join(copy.root, 'data', 'pglite') });
      try {
        await db.exec(CREATE_TABLE);
      } finally {
        await db.close();
      }
    });

    const gen = await timed('npm run gen (first start of the copy’s database included)', () => inCopy('npm', ['run', '--silent', 'gen', '--', TABLE]));
    expect(gen.code, gen.output).toBe(0);
    pluginId = /plugins\/([a-z][a-z0-9-]*)\/index\.ts/.exec(gen.output)?.[1] ?? '';
    expect(pluginId, gen.output).not.toBe('');
    expect(gen.output).toContain(`'${pluginId}',`); // the line for app/plugins.ts
    expect(gen.output).toContain(`npm run test:plugin -- ${pluginId}`);
    const written = readdirSync(join(copy.root, 'plugins', pluginId));
    expect(written).toEqual(expect.arrayContaining(['index.ts', 'server.ts', 'demo-rows.ts', `${pluginId}.server.test.ts`, `${pluginId}.test.tsx`]));

    // A second run does not write over the folder.
    const again = await timed('npm run gen again (refused)', () => inCopy('npm', ['run', '--silent', 'gen', '--', TABLE]));
    expect(again.code).toBe(1);
    expect(again.output).toContain(`plugins/${pluginId}/ already exists`);
  }, 240_000);

  test('installed, its code passes lint and typecheck with no change, and its own tests pass', async () => {
    expect(pluginId, 'npm run gen wrote no plugin').not.toBe('');
    copy.install(pluginId);
    const folder = join(copy.root, 'plugins', pluginId);
    const before = snapshot(folder);
    const lint = await timed('eslint --max-warnings 0 on the plugin', () => inCopy('npx', ['eslint', '--max-warnings', '0', `plugins/${pluginId}`]));
    expect(lint.code, lint.output).toBe(0);
    const types = await timed('tsc --noEmit (the whole copy)', () => inCopy('npx', ['tsc', '--noEmit']));
    expect(types.code, types.output).toBe(0);
    expect(snapshot(folder)).toEqual(before);

    const own = await timed('the plugin’s own tests (scripts/test-plugin.mjs)', () => inCopy('node', ['scripts/test-plugin.mjs', pluginId]));
    expect(own.code, own.output).toBe(0);
    expect(passedCount(own.output), own.output).toBeGreaterThan(0);
    console.log(`[code-generator e2e] the plugin's own tests: ${passedCount(own.output)} passed`);
    expect(own.output).toMatch(/\b0 failed/);
  }, 300_000);

  test('the copy, built and started on the same data, adopts the table: the list screen shows its rows', async () => {
    expect(pluginId, 'npm run gen wrote no plugin').not.toBe('');
    // As `npm run build` makes it: the test runner's NODE_ENV=test would give a bundle that reads `process`.
    const build = await timed('build the copy’s browser app', () => inCopy('node', ['scripts/build-browser.mjs'], { NODE_ENV: 'production' }));
    expect(build.code, build.output).toBe(0);
    server = await timed('start the copy’s server (the plugin adopts the table)', () => startServerProcess({}, { cwd: copy.root, dataDir: join(copy.root, 'data') }));
    const running = server;

    // The plugin's menu as the sidebar lists it: the top-level group named after the plugin, and its screen.
    const token = await apiToken(running.url, '000000', 'admin', 'admin');
    const routes = (await apiCall(running.url, token, 'GET', '/api/blade-system/menu/routes')).body.data as MenuRoute[];
    const group = routes.find((route) => route.children?.some((child) => child.path.startsWith(`/${pluginId}`) || child.code?.startsWith(pluginId)));
    expect(group, JSON.stringify(routes.map((r) => [r.name, r.path]))).toBeTruthy();
    const screenRoute = group!.children![0]!;

    const page = await timed('open the plugin’s menu in Chromium', async () => {
      const { page, problems } = await openPage(browser!, { viewport: { width: 1920, height: 900 } });
      page.on('console', (message) => message.type() === 'error' && problems.errors.push(message.text()));
      await signIn(page, running.url).catch((error: unknown) => {
        throw new Error(`${String(error)}\nthe page's errors: ${problems.errors.join('\n')}`);
      });
      await page.locator('.ba-sider .arco-menu-inline-header', { hasText: group!.name }).click();
      await page.locator('.ba-sider .arco-menu-item', { hasText: screenRoute.name }).click();
      await page.waitForURL((url) => url.pathname === screenRoute.path, { timeout: 30_000 });
      await rowsShown(page).catch(async (error: unknown) => {
        await page.screenshot({ path: join(SHOTS, 'code-generator-installed-list-failed.png') });
        throw new Error(`${String(error)}\nthe page's errors: ${problems.errors.join('\n')}`);
      });
      return page;
    });

    // A value of each kind: text, the yuan amount of fen, the dictionary's label, the date, the child under its parent.
    const rowTexts = await page.locator(ROWS).allInnerTexts();
    const rowOf = (name: string) => rowTexts.findIndex((text) => text.includes(name));
    const zhang = rowTexts[rowOf('张伟')] ?? '';
    expect(zhang).toContain('上海');
    expect(zhang).toContain('1,234.56');
    expect(zhang).toContain('男');
    expect(zhang).toContain('2023-05-04');
    expect(rowTexts[rowOf('李娜')]).toContain('女');
    expect(rowTexts[rowOf('陈静')]).toContain('2,000.00');
    // The tree: 张伟's two referrals come right after him, indented one level; 李娜 and 陈静 are roots.
    expect([rowOf('王芳'), rowOf('刘洋')].sort()).toEqual([rowOf('张伟') + 1, rowOf('张伟') + 2]);
    const expander = (name: string) => page.locator(ROWS, { hasText: name }).locator('.ba-crud-expand');
    expect(await expander('张伟').getAttribute('aria-expanded')).toBe('true');
    expect(await expander('王芳').count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'code-generator-installed-list.png') });
    await page.context().close();
  }, 300_000);
});

interface MenuRoute {
  name: string;
  path: string;
  code?: string;
  children?: MenuRoute[];
}

/** The list has drawn its rows (the loading spinner gone). */
async function rowsShown(page: Page): Promise<void> {
  await page.locator(ROWS, { hasText: '张伟' }).waitFor({ timeout: 30_000 });
  await page.locator('.ba-crud-table-box .arco-spin-loading').waitFor({ state: 'detached', timeout: 30_000 }).catch(() => undefined);
}
