// `npm test`: every test, in lanes that run side by side, and one honest closing line.
//
//   node scripts/test.mjs [lane …] [--stress] [--checks] [-- rstest options]
//
// Lanes: unit (browser code in happy-dom), server (the reference server in-process), e2e (the built app
// and the real server in Chromium; it starts once the browser app is built). Each lane is an rstest
// process of its own with its own workers; its output goes to tests/artifacts/lanes/<lane>.log, and the
// failures of a lane that failed are printed at the end. `--checks` adds lint and typecheck as lanes
// (CI). `--stress` keeps both cores busy with other processes for the whole run, to show the suite passes
// on a loaded machine. The closing line counts every failure: tests, files that failed to load or whose
// hooks threw, errors no test caught, a build or lane that failed to run.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const logs = join(root, 'tests', 'artifacts', 'lanes');
const rstest = join(root, 'node_modules', '@rstest', 'core', 'bin', 'rstest.js');
const TIME = '/usr/bin/time';

/**
 * Workers per lane, for two cores. The unit lane keeps a core busy with one worker. The server lane is the
 * longest (158 files, the sweeps a few minutes each): two workers, so one long file does not hold the rest
 * back. The e2e lane mostly waits on its servers and browsers: two files at once.
 *
 * `shareWorkers`: the lane's files run one after another in the same worker processes instead of one
 * process each. Server test files each open their own server and database, so nothing they keep is
 * shared; what a worker keeps is what every file would load again (the server's modules, PGlite's compiled
 * WebAssembly): a third of the lane's CPU time. Unit files share a browser-like window (its address,
 * storage), so they keep a process each.
 */
const LANES = {
  unit: { workers: 1 },
  server: { workers: 2, shareWorkers: true },
  e2e: { workers: 2, needsBuild: true },
};
const CHECKS = {
  lint: ['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', '.'],
  typecheck: ['node_modules/typescript/bin/tsc', '--noEmit'],
};

const args = process.argv.slice(2);
const dashes = args.indexOf('--');
const own = dashes < 0 ? args : args.slice(0, dashes);
const passThrough = dashes < 0 ? [] : args.slice(dashes + 1);
const stress = own.includes('--stress');
const checks = own.includes('--checks');
const named = own.filter((a) => !a.startsWith('--'));
for (const lane of named) {
  if (!(lane in LANES)) {
    console.error(`Unknown lane "${lane}". Lanes: ${Object.keys(LANES).join(', ')}.`);
    process.exit(2);
  }
}
const lanes = named.length > 0 ? named : Object.keys(LANES);

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;
mkdirSync(logs, { recursive: true });
// A lane that waits for the build must not report an earlier run's progress meanwhile.
for (const name of lanes) rmSync(join(logs, `${name}.log`), { force: true });

const groups = new Set();
const burners = [];
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const group of groups) {
      try {
        process.kill(-group, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    for (const burner of burners) burner.kill('SIGKILL');
    process.exit(130);
  });
}

/** Runs a command with its output in the lane's log; resolves with its exit code (a signal counts as 1). */
function run(name, command, commandArgs, env = {}) {
  const log = join(logs, `${name}.log`);
  const out = createWriteStream(log);
  // GNU time, where there is one, adds the CPU seconds the lane used (its processes and theirs) to its log.
  const [program, programArgs] = existsSync(TIME) ? [TIME, ['-f', '\n[cpu] %U %S', command, ...commandArgs]] : [command, commandArgs];
  // A process group of its own: stopping the run stops the lane's workers and the servers and browsers they started.
  const child = spawn(program, programArgs, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  groups.add(child.pid);
  child.on('exit', () => groups.delete(child.pid));
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  return new Promise((resolve) => {
    child.on('error', (error) => {
      out.end(`\n${error.stack}\n`);
      resolve({ code: 1, log });
    });
    child.on('close', (code) => out.end(() => resolve({ code: code ?? 1, log })));
  });
}

/** How far a lane is, from its log: the test files it has finished and how many of them failed. */
function progressOf(log) {
  if (!existsSync(log)) return 'starting';
  const text = readFileSync(log, 'utf8');
  const done = text.match(/^ [✓✗] \S+ \(\d+\)/gm) ?? [];
  if (done.length === 0) return text.includes('[PROGRESS]') ? 'running its first files' : 'building';
  const failed = done.filter((line) => line.startsWith(' ✗')).length;
  return `${done.length} files done${failed ? `, ${failed} failed` : ''}`;
}

/** The CPU seconds a lane used, as GNU time wrote them at the end of its log. */
function cpuOf(log) {
  const found = existsSync(log) ? /\[cpu\] ([\d.]+) ([\d.]+)\s*$/.exec(readFileSync(log, 'utf8')) : null;
  return found ? `, CPU ${(Number(found[1]) + Number(found[2])).toFixed(0)} s` : '';
}

/** What a lane's failures say in its log: rstest's own summary of them, or the end of the log. */
function failureReport(log) {
  const text = existsSync(log) ? readFileSync(log, 'utf8') : '';
  const at = text.indexOf('Summary of all failing tests');
  return at >= 0 ? text.slice(at) : text.split('\n').slice(-80).join('\n');
}

const results = [];

async function testLane(name) {
  const lane = LANES[name];
  const summaryFile = join(logs, `${name}.summary.json`);
  rmSync(summaryFile, { force: true });
  const since = Date.now();
  const { code, log } = await run(name, process.execPath, [rstest, 'run', '--project', name, '--pool.maxWorkers', String(lane.workers), ...(lane.shareWorkers ? ['--no-isolate'] : []), ...passThrough], {
    TEST_SUMMARY_FILE: summaryFile,
  });
  let count;
  try {
    count = JSON.parse(readFileSync(summaryFile, 'utf8'));
  } catch {
    count = { passed: 0, failed: 0, skipped: 0, failures: [] };
  }
  if (code !== 0 && count.failed === 0) {
    count.failed = 1;
    count.failures.push(`the ${name} lane stopped with code ${code} before counting a failure (see ${relative(root, log)})`);
  }
  results.push({ name, log, time: seconds(since), ...count });
  console.log(`${name}: ${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped in ${seconds(since)}${cpuOf(log)}`);
}

async function checkLane(name) {
  const since = Date.now();
  const { code, log } = await run(name, process.execPath, CHECKS[name]);
  const failed = code === 0 ? 0 : 1;
  results.push({ name, log, time: seconds(since), passed: 1 - failed, failed, skipped: 0, failures: failed ? [`${name} failed`] : [] });
  console.log(`${name}: ${failed ? 'failed' : 'passed'} in ${seconds(since)}${cpuOf(log)}`);
}

async function build() {
  const since = Date.now();
  const { code, log } = await run('build', process.execPath, ['scripts/build-browser.mjs']);
  console.log(`build: ${code === 0 ? 'done' : 'failed'} in ${seconds(since)}${cpuOf(log)}`);
  if (code !== 0) results.push({ name: 'build', log, time: seconds(since), passed: 0, failed: 1, skipped: 0, failures: ['the browser app did not build'] });
  return code === 0;
}

// Busy loops in processes of their own, as many as there are cores: the suite then runs on a loaded machine.
burners.push(...(stress ? cpus().map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })) : []));
if (stress) console.log(`stress: ${burners.length} busy processes beside the tests`);

const status = setInterval(() => {
  const running = lanes.filter((name) => !results.some((r) => r.name === name));
  if (running.length > 0) console.log(`… ${seconds(started)}: ${running.map((name) => `${name} ${progressOf(join(logs, `${name}.log`))}`).join(' | ')}`);
}, 60_000);

const needsBuild = lanes.some((name) => LANES[name].needsBuild);
const built = needsBuild ? build() : Promise.resolve(true);
await Promise.all([
  ...lanes.map(async (name) => {
    if (LANES[name].needsBuild && !(await built)) {
      results.push({ name, log: '', time: '0 s', passed: 0, failed: 1, skipped: 0, failures: [`the ${name} lane did not run: the build failed`] });
      return;
    }
    await testLane(name);
  }),
  ...(checks ? Object.keys(CHECKS).map(checkLane) : []),
]);
clearInterval(status);
for (const burner of burners) burner.kill('SIGKILL');

const total = (key) => results.reduce((sum, r) => sum + r[key], 0);
for (const result of results.filter((r) => r.failed > 0)) {
  console.log(`\n──── ${result.name}: ${result.failed} failed ────`);
  for (const failure of result.failures) console.log(`  ✗ ${failure.replaceAll(`${root}/`, '')}`);
  if (result.log) console.log(`\n${failureReport(result.log)}\n(whole output: ${relative(root, result.log)})`);
}
console.log(`\n${lanes.join(', ')}${checks ? ', lint, typecheck' : ''} in ${seconds(started)}${stress ? ' under stress' : ''}`);
console.log(`${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped`);
process.exitCode = total('failed') > 0 ? 1 : 0;
