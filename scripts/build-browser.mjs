// Builds the browser app into dist/ and records there which sources it was built from.
//   node scripts/build-browser.mjs               always builds (npm run build)
//   node scripts/build-browser.mjs --if-changed  builds only when the sources differ from dist's record (npm start)
// The record is a hash of every file that can reach the bundle: app/, core/ and plugins/ (tests aside), the
// build and TypeScript configuration, and the package versions (package-lock.json). Contents, not times: a
// checkout or a copy changes times but not what is built, so a dist/ built on one machine and copied with
// the same sources is up to date on the other (which then needs no build tool: `npm ci --omit=dev`).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist');
const record = join(dist, '.build-source.json');
const SOURCE_DIRS = ['app', 'core', 'plugins'];
const SOURCE_FILES = ['rsbuild.config.ts', 'tsconfig.json', 'env.d.ts', 'package.json', 'package-lock.json'];
const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile() && !isTest(entry.name)) yield path;
  }
}

function sourceHash() {
  const hash = createHash('sha256');
  const paths = [...SOURCE_DIRS.flatMap((dir) => [...files(join(root, dir))]), ...SOURCE_FILES.map((file) => join(root, file)).filter(existsSync)];
  for (const path of paths) {
    // Path and length before the bytes: a renamed or split file never hashes like the original.
    const bytes = readFileSync(path);
    hash.update(`${relative(root, path)}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest('hex');
}

function recorded() {
  try {
    return JSON.parse(readFileSync(record, 'utf8')).sources;
  } catch {
    return undefined;
  }
}

const ifChanged = process.argv.includes('--if-changed');
const sources = sourceHash();
if (ifChanged && existsSync(join(dist, 'index.html')) && recorded() === sources) {
  console.log('dist/ is up to date with the browser sources: build skipped (npm run build forces one).');
  process.exit(0);
}
const rsbuild = join(root, 'node_modules', '@rsbuild', 'core', 'bin', 'rsbuild.js');
if (!existsSync(rsbuild)) {
  console.error('The browser app must be built, and its build tool (rsbuild, a dev dependency) is not installed: run `npm install`, or build elsewhere and copy dist/.');
  process.exit(1);
}
const built = spawnSync(process.execPath, [rsbuild, 'build'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
const started = Date.now();
// The server's own rules and settings decide what is compressed and how (core/server/http/precompress.ts).
const { precompressDist } = await tsImport('../core/server/http/precompress.ts', import.meta.url);
const compressed = await precompressDist(dist);
console.log(`${compressed} files compressed for the server in ${((Date.now() - started) / 1000).toFixed(1)} s (brotli 11, gzip 9).`);
writeFileSync(record, `${JSON.stringify({ sources, builtAt: new Date().toISOString() })}\n`);
