/**
 * `npm run gen -- <code record id | plugin id | table> [--datasource <id|name>] [--prefix <p>] [--force]`
 *
 * Writes a generated plugin into `plugins/<id>/`, the files the 代码生成 screen's zip would hold. It opens
 * the project's database as `npm start` does (DATABASE_URL, else the embedded one in DATA_DIR, default
 * `data`) with the installed plugins, without listening: the code plugin's own functions find or propose the
 * record and generate, so the terminal and the screen write the same files.
 *
 * Exit codes: 0 written, 1 refused (the reason on stderr), 2 a usage mistake.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadServerPlugins } from '../app/server-plugins';
import type { LocalText } from '../core/schema/manifest';
import { EMBEDDED_DATASOURCE_ID } from '../core/schema/table-shape';
import type { Logger, ServerContext } from '../core/server/context';
import { ApiError } from '../core/server/http/errors';
import { runWithLanguage, type ServerLanguage } from '../core/server/i18n';
import { openServer, type OpenServer } from '../core/server/start';
import { StartRefusal } from '../core/server/start-refusal';
import { filesOfRecord, findRecord, recordForTable } from '../plugins/code/server/generation';
import { IDENTIFIER_PATTERN, type GenFile } from '../plugins/code/spec';

/** The project's root (the folder above scripts/; under the test runner's bundle, where it runs). */
const ROOT = import.meta.dirname ? resolve(import.meta.dirname, '..') : process.cwd();

export interface GenArgs {
  key: string;
  datasource: string | null;
  prefix: string | null;
  force: boolean;
}

/** A refusal the person can act on: printed alone, exit code 1. */
class Refusal extends Error {
  constructor(readonly reason: LocalText) {
    super(reason.en);
  }
}

/** A mistake in the command line: printed with the usage, exit code 2. */
class UsageError extends Error {
  constructor(readonly reason: LocalText) {
    super(reason.en);
  }
}

export const USAGE: LocalText = {
  en:
    'Usage: npm run gen -- <code record id | plugin id | table> [--datasource <id|name>] [--prefix <table prefix>] [--force]\n' +
    '  A code record (by its id or plugin id) is generated as it is; otherwise the argument names a table of the\n' +
    '  datasource (default: the embedded database), whose record is found, or proposed and saved.\n' +
    '  --force  write into an existing plugins/<id>/ (the generated files are replaced, others are left)',
  zh:
    '用法：npm run gen -- <代码记录编号 | 插件编号 | 表名> [--datasource <编号|名称>] [--prefix <表前缀>] [--force]\n' +
    '  按编号或插件编号找到的代码记录照原样生成；否则参数是数据源（默认内置数据库）中的表名，找到它的代码记录，\n' +
    '  没有则按建议新建并保存。\n' +
    '  --force  写入已存在的 plugins/<编号>/（生成的文件被替换，其余文件保留）',
};

/** The language of the terminal: Chinese when the locale says so (LC_ALL, then LC_MESSAGES, then LANG), else English. */
export function terminalLanguage(env: NodeJS.ProcessEnv = process.env): ServerLanguage {
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return /^zh/i.test(locale) ? 'zh' : 'en';
}

export function parseArgs(argv: readonly string[]): GenArgs | 'help' {
  const args: GenArgs = { key: '', datasource: null, prefix: null, force: false };
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return 'help';
    if (arg === '--force') args.force = true;
    else if (arg === '--datasource' || arg === '--prefix') {
      const value = argv[++i];
      if (value === undefined || value.startsWith('--')) throw new UsageError({ en: `${arg} needs a value.`, zh: `${arg} 需要一个值。` });
      if (arg === '--datasource') args.datasource = value;
      else args.prefix = value;
    } else if (arg.startsWith('-')) throw new UsageError({ en: `Unknown option ${arg}.`, zh: `未知选项 ${arg}。` });
    else positional.push(arg);
  }
  if (positional.length !== 1) {
    throw new UsageError(positional.length === 0 ? { en: 'Name a code record or a table.', zh: '请给出代码记录或表名。' } : { en: 'Name one code record or table.', zh: '只能给出一个代码记录或表名。' });
  }
  args.key = positional[0]!;
  return args;
}

/** The datasource's id from its id or its name (in either language); the embedded database by default. */
async function datasourceId(ctx: ServerContext, wanted: string | null): Promise<string> {
  if (wanted === null || wanted === EMBEDDED_DATASOURCE_ID) return EMBEDDED_DATASOURCE_ID;
  const catalog = ctx.extensions.datasources;
  if (!catalog) throw new Refusal({ en: 'The datasource plugin is not installed: only a saved code record can be named.', zh: '数据源插件未安装：只能给出已保存的代码记录。' });
  const named = [...(await runWithLanguage('zh', () => catalog.choices(ctx))), ...(await runWithLanguage('en', () => catalog.choices(ctx)))];
  const found = named.find((choice) => choice.id === wanted || choice.name.toLowerCase() === wanted.toLowerCase());
  if (!found) {
    const known = [...new Map(named.map((c) => [c.id, c])).values()].map((c) => `${c.id} (${c.name})`).join(', ');
    throw new Refusal({ en: `No datasource "${wanted}". Datasources: ${known}.`, zh: `没有数据源“${wanted}”。可选：${known}。` });
  }
  return found.id;
}

/** The code record to generate: the one named, else the table's (found, or proposed and saved). */
async function recordToGenerate(ctx: ServerContext, args: GenArgs): Promise<string> {
  const record = await findRecord(ctx, args.key);
  if (record) return String(record.id);
  if (!new RegExp(IDENTIFIER_PATTERN).test(args.key)) {
    throw new Refusal({ en: `No code record "${args.key}", and it is not a table name.`, zh: `没有代码记录“${args.key}”，它也不是表名。` });
  }
  return recordForTable(ctx, await datasourceId(ctx, args.datasource), args.key, args.prefix ?? undefined);
}

/** The plugin folder the files go into; every file must lie inside it. */
function pluginFolder(files: readonly GenFile[]): { id: string; folder: string } {
  const id = /^plugins\/([a-z][a-z0-9-]*)\//.exec(files[0]?.path ?? '')?.[1];
  if (!id) throw new Error('the generator wrote no plugins/<id>/ file');
  const folder = join(ROOT, 'plugins', id);
  for (const file of files) {
    if (!resolve(ROOT, file.path).startsWith(folder + sep)) throw new Error(`the generator wrote ${file.path}, outside plugins/${id}/`);
  }
  return { id, folder };
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** Writes the files; answers the files of an existing folder that were not generated (left as they were). */
function writePlugin(files: readonly GenFile[], force: boolean): { id: string; kept: string[] } {
  const { id, folder } = pluginFolder(files);
  const existed = existsSync(folder);
  if (existed && !force) {
    throw new Refusal({ en: `plugins/${id}/ already exists: add --force to write over its generated files.`, zh: `plugins/${id}/ 已存在：加 --force 覆盖其中生成的文件。` });
  }
  const before = existed ? filesUnder(folder) : [];
  for (const file of files) {
    const target = resolve(ROOT, file.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.content);
  }
  const written = new Set(files.map((f) => f.path));
  return { id, kept: before.filter((path) => !written.has(path)) };
}

function installed(id: string): boolean {
  return readFileSync(join(ROOT, 'app', 'plugins.ts'), 'utf8').includes(`'${id}'`);
}

function report(files: readonly GenFile[], id: string, kept: readonly string[], lang: ServerLanguage): string {
  const zh = lang === 'zh';
  const lines = [zh ? `已写入 ${files.length} 个文件：` : `Wrote ${files.length} files:`, ...files.map((f) => `  ${f.path}`)];
  if (kept.length > 0) lines.push(zh ? '未生成、保持原样的文件：' : 'Not generated, left as they were:', ...kept.map((p) => `  ${p}`));
  lines.push('', zh ? '下一步：' : 'Next:');
  if (installed(id)) lines.push(zh ? `  插件 ${id} 已在 app/plugins.ts 中。` : `  ${id} is already listed in app/plugins.ts.`);
  else lines.push(zh ? `  1. 在 app/plugins.ts 的 installedPlugins 中加一行：  '${id}',` : `  1. Add this line to installedPlugins in app/plugins.ts:  '${id}',`);
  lines.push(
    zh ? `  2. 运行插件自己的测试：npm run test:plugin -- ${id}` : `  2. Run the plugin's own tests: npm run test:plugin -- ${id}`,
    zh ? '  3. 重启服务（npm start）：插件的表在启动时建好或接管，演示数据写入。' : '  3. Restart the server (npm start): its table is made or adopted on that start, and its demo rows seeded.',
  );
  return lines.join('\n');
}

/** The pid named by the embedded database's lock file, when there is one. */
function lockHolder(dataDir: string): number | null {
  try {
    const holder = JSON.parse(readFileSync(join(dataDir, 'pglite.lock'), 'utf8')) as { pid?: unknown };
    return typeof holder.pid === 'number' && holder.pid !== process.pid ? holder.pid : null;
  } catch {
    return null;
  }
}

/** The project's server, opened as `npm start` opens it, without a port. */
async function openProject(log: Logger): Promise<OpenServer> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = resolve(process.env.DATA_DIR || join(ROOT, 'data'));
  const plugins = await loadServerPlugins();
  try {
    return await openServer({ databaseUrl, dataDir, distDir: null, plugins, log });
  } catch (error) {
    const pid = databaseUrl ? null : lockHolder(dataDir);
    if (error instanceof StartRefusal && pid !== null) {
      throw new Refusal({
        en: `The embedded database in ${dataDir} is held by a running server (pid ${pid}). Stop the server (pid ${pid}), or generate from the 代码生成 (Code generator) screen.`,
        zh: `${dataDir} 中的内嵌数据库正被运行中的服务（进程 ${pid}）使用。请先停止该服务（进程 ${pid}），或在“代码生成”页面生成。`,
      });
    }
    if (error instanceof StartRefusal) throw new Refusal({ en: error.message, zh: error.message });
    throw error;
  }
}

export async function main(argv: readonly string[], lang: ServerLanguage = terminalLanguage()): Promise<number> {
  let args: GenArgs | 'help';
  try {
    args = parseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.reason[lang]}\n\n${USAGE[lang]}`);
    return 2;
  }
  if (args === 'help') {
    console.log(USAGE[lang]);
    return 0;
  }
  // The start's own lines (first start: the schema made and seeded) go to stderr; stdout is the result.
  const log: Logger = { info: (message) => console.error(message), error: (message, error) => console.error(message, error ?? '') };
  let server: OpenServer | undefined;
  try {
    server = await openProject(log);
    const opened = server;
    const files = await runWithLanguage(lang, async () => filesOfRecord(opened.ctx, await recordToGenerate(opened.ctx, args)));
    const { id, kept } = writePlugin(files, args.force);
    console.log(report(files, id, kept, lang));
    return 0;
  } catch (error) {
    if (error instanceof Refusal) console.error(error.reason[lang]);
    else if (error instanceof ApiError) console.error(`${args.key}: ${error.text[lang]}`);
    else throw error;
    return 1;
  } finally {
    await server?.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
