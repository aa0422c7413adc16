import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from '@rstest/core';

/**
 * "Nothing else from plugins/ is loaded": walks every module the harness can load — static imports and
 * dynamic `import()` alike, type-only imports left out — and fails if one lies in `plugins/`, is one of
 * the app's lists of installed plugins, or enumerates a folder (rspack's `webpackContext`,
 * `require.context`, `import.meta.glob`), which could pull in every plugin at once.
 */
const root = resolve(__dirname, '../..');
const importPattern = /(?:^|[\s;])(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;
const folderLoaders = /webpackContext\s*\(|require\.context\s*\(|import\.meta\.glob\s*\(/;

function resolveLocal(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile()) ?? null;
}

/** Every local module reachable from the entries, with the module that first reached it. */
export function reachable(entries: string[]): Map<string, string> {
  const seen = new Map<string, string>();
  const queue = entries.map((entry) => ({ file: join(root, entry), from: '(entry)' }));
  while (queue.length > 0) {
    const { file, from } = queue.pop()!;
    if (seen.has(file)) continue;
    seen.set(file, from);
    if (!/\.tsx?$/.test(file)) continue; // css, svg
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(importPattern)) {
      const spec = (match[1] ?? match[2])!;
      if (!spec.startsWith('.')) continue; // packages
      const target = resolveLocal(file, spec);
      if (target) queue.push({ file: target, from: relative(root, file) });
    }
  }
  return seen;
}

describe('the plugin test harness', () => {
  const graph = reachable(['core/testing/index.ts']);
  const files = [...graph.keys()].map((file) => relative(root, file));

  it('walks the kernel it mounts (the walk does follow imports)', () => {
    expect(files).toContain('core/shell/App.tsx');
    expect(files).toContain('core/shell/layout/MainLayout.tsx'); // through a dynamic import
    expect(files).toContain('core/server/test-server.ts'); // inProcessServer, dynamic too
  });

  it('reaches no module of plugins/ and none of the app’s lists of installed plugins', () => {
    const offending = files.filter((file) => file.startsWith('plugins/') || /^app\/(plugins|plugin-chunks|server-plugins)\.tsx?$/.test(file));
    expect(offending.map((file) => `${file} (imported by ${graph.get(join(root, file))})`)).toEqual([]);
  });

  it('reaches no code that loads a whole folder of modules', () => {
    const loaders = files.filter((file) => /\.tsx?$/.test(file) && folderLoaders.test(readFileSync(join(root, file), 'utf8')));
    expect(loaders).toEqual([]);
  });
});

describe('the worked example plugin (plugins/notes)', () => {
  it('imports only from core/ and its own folder', () => {
    const folder = join(root, 'plugins/notes');
    const outside: string[] = [];
    for (const name of readdirSync(folder, { recursive: true }) as string[]) {
      const file = join(folder, name);
      if (!/\.tsx?$/.test(file)) continue;
      for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
        const spec = (match[1] ?? match[2])!;
        const target = spec.startsWith('.') ? relative(root, resolve(dirname(file), spec)) : null;
        if (target && !target.startsWith('core/') && !target.startsWith('plugins/notes/')) outside.push(`${relative(root, file)} → ${spec}`);
      }
    }
    expect(outside).toEqual([]);
  });
});
