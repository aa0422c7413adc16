import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from '@rstest/core';
import { kernelMessages } from '../core/i18n/kernel';

/**
 * Keeps the first two pages light. Walks the static imports from a start file (dynamic `import()` is where
 * chunks split, so it is not followed) and lists the files, the packages and the Arco components they reach.
 * - The entry chunk (app/main.tsx, what /login downloads): no Arco (JS and CSS), colour generator or
 *   crypto-js, and none of the kernel code only a signed-in user needs.
 * - The first page after sign-in (the layout and the home page): none of Arco's heavy components that it
 *   does not show (Table, Form, Grid, Result, Modal, Input: a dialog, a finder or a failure state fetches
 *   them when it opens).
 */
const root = resolve(__dirname, '..');
const staticImport = /^\s*(?:import|export)\s+(?!type\b)(?:([^'";]*?)\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolveLocal(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile()) ?? null;
}

interface Graph {
  files: Set<string>;
  /** Package specifier -> first importer. */
  packages: Map<string, string>;
  /** Arco component (a value imported from '@arco-design/web-react') -> first importer. */
  arco: Map<string, string>;
}

function importGraph(...starts: string[]): Graph {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const arco = new Map<string, string>();
  const queue = starts.map((start) => join(root, start));
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (!/\.tsx?$/.test(file)) continue; // css, svg
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(staticImport)) {
      const spec = match[2]!;
      if (spec.startsWith('.')) {
        const target = resolveLocal(file, spec);
        if (target) queue.push(target);
        continue;
      }
      if (!packages.has(spec)) packages.set(spec, relative(root, file));
      if (spec !== '@arco-design/web-react') continue;
      const named = /\{([^}]*)\}/.exec(match[1] ?? '')?.[1] ?? '';
      for (const name of named.split(',').map((n) => n.trim()).filter((n) => n && !n.startsWith('type '))) {
        if (!arco.has(name)) arco.set(name, relative(root, file));
      }
    }
  }
  return { files, packages, arco };
}

describe('the entry chunk', () => {
  it('reaches no Arco, colour generator or crypto-js code without a dynamic import', () => {
    const { files, packages } = importGraph('app/main.tsx');
    expect(files.size).toBeGreaterThan(20); // the walk did follow the kernel
    const heavy = [...packages].filter(([spec]) => /^@arco-design\/|^crypto-js|^color/.test(spec));
    expect(heavy).toEqual([]);
    const local = [...files].map((f) => relative(root, f));
    expect(local).not.toContain('core/theme/palette.ts');
    expect(local).not.toContain('core/http/message.ts');
    expect(local).not.toContain('core/shell/layout/MainLayout.tsx');
  });

  it('carries the sign-in page, so /login shows its form in the first render', () => {
    const local = [...importGraph('app/main.tsx').files].map((f) => relative(root, f));
    expect(local).toContain('core/shell/pages/LoginPage.tsx');
  });

  it('leaves out what only a signed-in user needs: fetching plugins, the layout\'s and the other pages\' texts', () => {
    const local = [...importGraph('app/main.tsx').files].map((f) => relative(root, f));
    expect(local).toContain('core/plugin/loader.ts');
    for (const file of ['core/plugin/fetch-plugins.ts', 'core/shell/locales/layout.ts', 'core/shell/locales/pages.ts', 'core/shell/locales/shellui.ts', 'core/session/md5.ts']) {
      expect(local).not.toContain(file);
    }
    // The kernel's texts (in the entry) are those the sign-in page may show.
    expect(Object.keys(kernelMessages.zh).sort()).toEqual(['errors', 'kernel', 'login', 'tabs']);
    expect(Object.keys(kernelMessages.zh.tabs)).toEqual(['home']);
  });
});

describe('the first page after sign-in', () => {
  it('reaches none of the Arco components it does not show: Table, Form, Grid, Result, Modal, Input', () => {
    const { files, arco } = importGraph('core/shell/layout/MainLayout.tsx', 'core/shell/pages/HomePage.tsx');
    const local = [...files].map((f) => relative(root, f));
    expect(local).toContain('core/shell/topbar/ErrorLogButton.tsx'); // the walk did follow the top bar
    expect(arco.has('Menu')).toBe(true);
    const heavy = [...arco].filter(([name]) => ['Table', 'Form', 'Grid', 'Result', 'Modal', 'Input', 'Select', 'Tree', 'DatePicker', 'Upload'].includes(name));
    expect(heavy).toEqual([]);
    const deferredFiles = [
      'core/shell/topbar/ErrorLogDialog.tsx',
      'core/shell/topbar/LockDialog.tsx',
      'core/shell/arco-result.ts',
      // Modal and Input: the menu finder, the confirmation dialog, the colour panel's hex field.
      'core/shell/topbar/MenuSearch.tsx',
      'core/shell/confirm-dialog.ts',
      'core/shell/topbar/HexColorField.tsx',
      // The menu icons' components, fetched when the first one is drawn.
      'core/shell/menu-icons.tsx',
    ];
    for (const file of deferredFiles) {
      expect(local).not.toContain(file);
    }
  });
});
