import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { GenFile } from '../../spec';

/**
 * A copy of the project in a temporary folder, to install generated plugins into and run the project's own
 * checks there (lint, typecheck, tests) without touching the real tree. It holds what those checks read:
 * the app, the kernel, the plugins, scripts, docs, tests and the configuration files; `node_modules` is a
 * link to the project's. No build output, no data.
 */
export interface ScratchProject {
  root: string;
  /** Writes files at their paths from the project's root. */
  writeFiles(files: readonly GenFile[]): void;
  /** Lists the plugin in the copy's app/plugins.ts, as its author would. */
  install(pluginId: string): void;
  /** Runs a command in the copy; never throws for a failing command. */
  run(command: string, args: readonly string[], options?: { timeoutMs?: number; env?: Record<string, string> }): Promise<{ code: number; output: string }>;
  /** Removes the copy. */
  remove(): void;
}

/** What the checks read; everything else (dist, data, artefacts) stays behind. */
const COPIED = ['app', 'core', 'plugins', 'scripts', 'docs', 'tests', 'tools', 'package.json', 'tsconfig.json', 'eslint.config.js', 'rstest.config.ts', 'rsbuild.config.ts', 'env.d.ts'];
const LEFT_OUT = /(^|[\\/])(node_modules|dist|data|\.tmp|artifacts)([\\/]|$)/;

/** The project's root: the folder holding package.json above this file. */
function projectRoot(): string {
  let dir = resolve(import.meta.dirname ?? process.cwd());
  while (!existsSync(join(dir, 'package.json')) || !existsSync(join(dir, 'core'))) {
    const up = dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
  return dir;
}

/**
 * `source`: `worktree` (default) the files as they are now, which is what a test run judges, in a git
 * checkout or not; `head` the last commit (steady while someone else is editing the tree, so that the
 * checks judge the generated plugin rather than a half-made change).
 */
export function scratchProject(options: { source?: 'head' | 'worktree' } = {}): ScratchProject {
  const from = projectRoot();
  const root = mkdtempSync(join(tmpdir(), 'card-admin-scratch-'));
  if (options.source === 'head') {
    const present = COPIED.filter((path) => existsSync(join(from, path)));
    const archive = execFileSync('git', ['archive', '--format=tar', 'HEAD', ...present], { cwd: from, maxBuffer: 512 * 1024 * 1024 });
    execFileSync('tar', ['-x', '-C', root], { input: archive });
  } else {
    for (const path of COPIED) {
      if (existsSync(join(from, path))) cpSync(join(from, path), join(root, path), { recursive: true, filter: (source) => !LEFT_OUT.test(source.slice(from.length)) });
    }
  }
  symlinkSync(join(from, 'node_modules'), join(root, 'node_modules'), 'dir');

  return {
    root,
    writeFiles(files) {
      for (const file of files) {
        const target = resolve(root, file.path);
        if (!target.startsWith(`${root}/`)) throw new Error(`A generated file outside the project: ${file.path}`);
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, file.content);
      }
    },
    install(pluginId) {
      const path = join(root, 'app/plugins.ts');
      const text = readFileSync(path, 'utf8');
      if (text.includes(`'${pluginId}',`)) return;
      const list = /(export const installedPlugins = \[[\s\S]*?)(\n\] as const;)/.exec(text);
      if (!list) throw new Error('app/plugins.ts has no installedPlugins list');
      writeFileSync(path, text.replace(list[0], `${list[1]}\n  '${pluginId}',${list[2]}`));
    },
    run(command, args, runOptions = {}) {
      return new Promise((done) => {
        // Plain text whatever the caller's terminal: tests read this output, and a CI that forces colour
        // would put escape codes between the words they look for.
        const env = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...runOptions.env };
        const child = spawn(command, [...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        const timer = setTimeout(() => child.kill('SIGKILL'), runOptions.timeoutMs ?? 300_000);
        child.on('close', (code) => {
          clearTimeout(timer);
          done({ code: code ?? 1, output: withoutEscapes(output) });
        });
      });
    },
    remove() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

// eslint-disable-next-line no-control-regex -- the escape character is what is being removed
const ESCAPES = /\u001b\[[0-9;]*m/g;
const withoutEscapes = (text: string) => text.replace(ESCAPES, '');
