import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from '@rstest/core';

/**
 * Keeps the entry chunk light (what /login downloads): walks the static imports from app/main.tsx
 * (dynamic `import()` is where chunks split, so it is not followed) and lists the packages they reach.
 * Arco (JS and CSS), its colour generator and crypto-js must only come with lazily loaded chunks.
 */
const root = resolve(__dirname, '..');
const staticImport = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolveLocal(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile()) ?? null;
}

function entryGraph(): { files: Set<string>; packages: Map<string, string> } {
  const files = new Set<string>();
  const packages = new Map<string, string>(); // package specifier -> first importer
  const queue = [join(root, 'app/main.tsx')];
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (!/\.tsx?$/.test(file)) continue; // css, svg
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(staticImport)) {
      const spec = match[1]!;
      if (spec.startsWith('.')) {
        const target = resolveLocal(file, spec);
        if (target) queue.push(target);
      } else if (!packages.has(spec)) packages.set(spec, relative(root, file));
    }
  }
  return { files, packages };
}

describe('the entry chunk', () => {
  it('reaches no Arco, colour generator or crypto-js code without a dynamic import', () => {
    const { files, packages } = entryGraph();
    expect(files.size).toBeGreaterThan(20); // the walk did follow the kernel
    const heavy = [...packages].filter(([spec]) => /^@arco-design\/|^crypto-js|^color/.test(spec));
    expect(heavy).toEqual([]);
    const local = [...files].map((f) => relative(root, f));
    expect(local).not.toContain('core/theme/palette.ts');
    expect(local).not.toContain('core/http/message.ts');
    expect(local).not.toContain('core/shell/layout/MainLayout.tsx');
  });
});
