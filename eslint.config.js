// `npm run lint`: typescript-eslint's recommended rules, React's hook rules and the import boundaries
// that keep the layers apart. The packages come from the workspace package tools/lint (it says why).
import { readdirSync } from 'node:fs';
import { createNodeResolver, defineConfig, globals, importX, js, reactHooks, tseslint } from '@card-admin/lint';

const root = import.meta.dirname;

/** The kernel modules everything else stands on: they know nothing of the shell that draws the screens,
 * of the browser's plugin registry, nor of the app that composes them. */
const lowLevel = [
  'core/schema',
  'core/i18n',
  'core/http',
  'core/session',
  'core/config.ts',
  'core/theme',
  'core/tabs',
  'core/menu',
  'core/errorlog',
  'core/navigation',
  'core/server',
];

const plugins = readdirSync(`${root}/plugins`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The import boundaries. `testing` adds what a test may also reach: the harnesses it runs on, and the
 * entry points (index.ts, server.ts) of the plugins its plugin requires, mounted beside it as the app
 * would; never their inner files.
 */
function boundaries({ testing }) {
  const harnesses = testing ? ['./testing', './server/test-server.ts'] : [];
  const entryPoints = (id) => (testing ? plugins.filter((other) => other !== id).flatMap((other) => [`./${other}/index.ts`, `./${other}/server.ts`]) : []);
  return [
    {
      target: lowLevel,
      from: ['core/shell', 'core/plugin', 'app'],
      message: 'A low-level kernel module imports neither the shell, the plugin registry nor the app.',
    },
    { target: 'core', from: ['app', 'plugins'], message: 'The kernel never imports the app or a plugin.' },
    ...plugins.map((id) => ({
      target: `plugins/${id}`,
      from: 'plugins',
      except: [`./${id}`, ...entryPoints(id)],
      message: 'A plugin never imports another plugin: name it in `requires` and use what it provides.',
    })),
    {
      target: 'plugins',
      from: 'core',
      except: ['./sdk', ...harnesses],
      message: 'A plugin reaches the kernel only through core/sdk (shared, browser, server and their testing modules).',
    },
    { target: 'plugins', from: 'app', message: 'A plugin never imports the app.' },
  ];
}

const testFiles = ['**/*.test.ts', '**/*.test.tsx'];

export default defineConfig(
  { ignores: ['dist/', 'data/', '.tmp/', 'tests/artifacts/', '**/node_modules/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The hook rules, without the React Compiler's set (recommended-latest): the build does not use the
      // compiler, its rules took half the lint time, and here they flagged memoised lazy pages as
      // components made during render. A missing dependency is a stale value, so it fails the lint.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // A name starting with _ is a parameter a signature needs and the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      // A boundary is checked on the resolved file, so an import that does not resolve must fail too.
      'import-x/no-unresolved': ['error', { ignore: ['\\?'] }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaries({ testing: false }) }],
    },
  },
  {
    files: [...testFiles, 'core/server/test-server.ts'],
    rules: {
      // Tests walk JSON answers of any shape (`res.body.data.records[0]`); no module boundary is crossed.
      '@typescript-eslint/no-explicit-any': 'off',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaries({ testing: true }) }],
    },
  },
);
