import { execFileSync } from 'node:child_process';
import { describe, expect, test } from '@rstest/core';

/**
 * The import boundaries of eslint.config.js, tried on imports written for the purpose: each one a file at
 * a given place would make, linted by the project's own configuration. ESLint runs in a child process
 * (the test runner bundles test files; the linter loads its plugins itself), all cases in one run.
 */
interface Case {
  /** Where the importing file would be. */
  file: string;
  /** What it imports (a real file, so the boundary is judged on where the import lands). */
  from: string;
}

const cases = {
  schemaImportsShell: { file: 'core/schema/probe.ts', from: '../shell/App' },
  serverImportsRegistry: { file: 'core/server/probe.ts', from: '../plugin/registry' },
  httpImportsApp: { file: 'core/http/probe.ts', from: '../../app/config' },
  kernelImportsPlugin: { file: 'core/crud/probe.ts', from: '../../plugins/param/index' },
  schemaImportsI18n: { file: 'core/schema/probe.ts', from: '../i18n' },
  shellImportsRegistry: { file: 'core/shell/probe.ts', from: '../plugin/registry' },
  pluginImportsKernel: { file: 'plugins/param/probe.ts', from: '../../core/http' },
  pluginImportsSdk: { file: 'plugins/param/probe.ts', from: '../../core/sdk/browser' },
  pluginImportsOwnFile: { file: 'plugins/param/probe.ts', from: './index' },
  pluginImportsPlugin: { file: 'plugins/param/probe.ts', from: '../dict/index' },
  pluginTestMountsRequired: { file: 'plugins/post/probe.server.test.ts', from: '../dict/server' },
  pluginTestReachesInside: { file: 'plugins/post/probe.test.ts', from: '../dict/locales' },
  pluginTestImportsHarness: { file: 'plugins/post/probe.test.ts', from: '../../core/testing' },
  pluginImportsMissingFile: { file: 'plugins/param/probe.ts', from: './no-such-file' },
} satisfies Record<string, Case>;

type Name = keyof typeof cases;

function lint(): Record<Name, string[]> {
  const script = `
    import { ESLint } from 'eslint';
    const eslint = new ESLint({ cwd: process.cwd() });
    const cases = JSON.parse(process.argv[1]);
    const found = {};
    for (const [name, { file, from }] of Object.entries(cases)) {
      const [result] = await eslint.lintText(\`import * as probe from '\${from}';\\nexport { probe };\\n\`, { filePath: file });
      found[name] = result.messages.map((m) => m.ruleId ?? m.message);
    }
    process.stdout.write(JSON.stringify(found));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(cases)], { encoding: 'utf8' });
  return JSON.parse(out) as Record<Name, string[]>;
}

describe('import boundaries (npm run lint)', () => {
  test('refuse what crosses a layer and accept what does not', () => {
    const found = lint();
    const refused = (Object.keys(found) as Name[]).filter((name) => found[name].length > 0).sort();
    expect(refused).toEqual(
      [
        'schemaImportsShell',
        'serverImportsRegistry',
        'httpImportsApp',
        'kernelImportsPlugin',
        'pluginImportsKernel',
        'pluginImportsPlugin',
        'pluginTestReachesInside',
        'pluginImportsMissingFile',
      ].sort(),
    );
    expect(found.pluginImportsKernel).toEqual(['import-x/no-restricted-paths']);
    // An import the resolver cannot follow fails on its own: it never slips past a boundary unjudged.
    expect(found.pluginImportsMissingFile).toEqual(['import-x/no-unresolved']);
  }, 60_000);
});
