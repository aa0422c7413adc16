// Runs one plugin's tests alone: `npm run test:plugin -- <id> [rstest options]`.
// Its browser tests (unit project, happy-dom) and its server tests (server project) — everything under
// plugins/<id>/ — and nothing else. Extra arguments go to rstest (`-t 'adds a note'`, say).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pluginsDir = join(root, 'plugins');
const [id, ...rest] = process.argv.slice(2);
const known = readdirSync(pluginsDir).filter((name) => statSync(join(pluginsDir, name)).isDirectory()).sort();

function stop(message) {
  console.error(message);
  process.exit(1);
}

if (!id || id.startsWith('-')) {
  stop(`Usage: npm run test:plugin -- <id> [rstest options]\nPlugins: ${known.join(', ')}`);
}
if (!/^[a-z][a-z0-9-]*$/.test(id) || !existsSync(join(pluginsDir, id))) {
  stop(`Unknown plugin "${id}": there is no folder plugins/${id}/.\nPlugins: ${known.join(', ')}`);
}

const tests = readdirSync(join(pluginsDir, id), { recursive: true }).filter((name) => /\.test\.tsx?$/.test(String(name)));
if (tests.length === 0) stop(`plugins/${id}/ has no tests (*.test.ts[x] for the browser, *.server.test.ts for the server).`);

const rstest = join(root, 'node_modules/@rstest/core/bin/rstest.js');
const child = spawn(process.execPath, [rstest, 'run', '--project', 'unit', '--project', 'server', `plugins/${id}/`, ...rest], {
  cwd: root,
  stdio: 'inherit',
});
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
