import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { main, parseArgs, terminalLanguage } from './gen';

/**
 * `npm run gen`'s command line and its refusals before anything is generated. Generating itself is proven
 * end to end, in a copy of the project, by tests/e2e/code-generator.e2e.test.ts.
 */

describe('npm run gen: arguments', () => {
  it('reads the record or table and the options in any order', () => {
    expect(parseArgs(['crm'])).toEqual({ key: 'crm', datasource: null, prefix: null, force: false });
    expect(parseArgs(['--force', 'sales_order', '--datasource', '报表库', '--prefix', 'sales_'])).toEqual({ key: 'sales_order', datasource: '报表库', prefix: 'sales_', force: true });
    expect(parseArgs(['x', '--help'])).toBe('help');
  });

  it('refuses what it cannot read', () => {
    expect(() => parseArgs([])).toThrow('Name a code record or a table.');
    expect(() => parseArgs(['a', 'b'])).toThrow('Name one code record or table.');
    expect(() => parseArgs(['a', '--datasource'])).toThrow('--datasource needs a value.');
    expect(() => parseArgs(['a', '--prefix', '--force'])).toThrow('--prefix needs a value.');
    expect(() => parseArgs(['a', '--dry-run'])).toThrow('Unknown option --dry-run.');
  });

  it('speaks Chinese when the locale is Chinese, English otherwise', () => {
    expect(terminalLanguage({ LANG: 'zh_CN.UTF-8' })).toBe('zh');
    expect(terminalLanguage({ LANG: 'zh_CN.UTF-8', LC_ALL: 'en_US.UTF-8' })).toBe('en');
    expect(terminalLanguage({ LANG: 'C.UTF-8' })).toBe('en');
    expect(terminalLanguage({})).toBe('en');
  });
});

describe('npm run gen: exit codes', () => {
  let errors: string[];
  let printed: string[];
  let dataDir: string;
  const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };

  beforeEach(() => {
    errors = [];
    printed = [];
    rs.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args.join(' ')));
    rs.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
    dataDir = mkdtempSync(join(tmpdir(), 'gen-cli-'));
    process.env.DATA_DIR = dataDir;
    process.env.DATABASE_URL = '';
  });

  afterEach(() => {
    rs.restoreAllMocks();
    process.env.DATA_DIR = saved.DATA_DIR;
    process.env.DATABASE_URL = saved.DATABASE_URL;
    if (saved.DATA_DIR === undefined) delete process.env.DATA_DIR;
    if (saved.DATABASE_URL === undefined) delete process.env.DATABASE_URL;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('2 with the usage for a mistake in the command, in the terminal’s language; 0 for --help', async () => {
    expect(await main(['--nope'], 'en')).toBe(2);
    expect(errors.join('\n')).toContain('Unknown option --nope.');
    expect(errors.join('\n')).toContain('Usage: npm run gen -- <code record id | plugin id | table>');
    expect(await main([], 'zh')).toBe(2);
    expect(errors.join('\n')).toContain('请给出代码记录或表名。');
    expect(await main(['--help'], 'en')).toBe(0);
    expect(printed.join('\n')).toContain('--force');
  });

  it('1 while a running server holds the embedded database, naming its pid and the screen', async () => {
    // The parent process is alive on this machine: its lock is respected, as a running server's is.
    const pid = process.ppid;
    writeFileSync(join(dataDir, 'pglite.lock'), JSON.stringify({ pid, host: hostname(), nonce: 'held' }));
    expect(await main(['crm'], 'en')).toBe(1);
    expect(errors.join('\n')).toContain(`Stop the server (pid ${pid}), or generate from the 代码生成 (Code generator) screen.`);
    expect(await main(['crm'], 'zh')).toBe(1);
    expect(errors.join('\n')).toContain(`请先停止该服务（进程 ${pid}），或在“代码生成”页面生成。`);
  });
});
