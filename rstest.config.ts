import { defineConfig } from '@rstest/core';
import { pluginReact } from '@rsbuild/plugin-react';
import PlainSummaryReporter from './tests/runner/plain-summary-reporter';

// Three kinds of tests, each in its own environment:
// unit   - browser code in happy-dom (*.test.ts[x] beside the code)
// server - the reference server on an in-memory database (*.server.test.ts)
// e2e    - the built app and the real server in headless Chromium (tests/e2e/*.e2e.test.ts)
// `npm test` (scripts/test.mjs) runs each as a lane of its own, side by side.
const transformImport = [
  { libraryName: '@arco-design/web-react', libraryDirectory: 'es', camelToDashComponentName: false, style: false as const },
];

export default defineConfig({
  reporters: ['default', new PlainSummaryReporter()],
  // A test worker opens PGlite for seconds at a time: compiling its 10 MB of WebAssembly again with the
  // optimising tier cost more than the faster code saved (about 2 of 5 CPU s).
  // A worker that runs file after file (the server lane) starts afresh once it holds this much memory: a
  // file that left a database open must not make the next ones swap.
  pool: { execArgv: ['--liftoff-only'], memoryLimit: '3GiB' },
  projects: [
    {
      name: 'unit',
      plugins: [pluginReact()],
      source: { transformImport },
      testEnvironment: 'happy-dom',
      globals: true,
      include: ['core/**/*.test.{ts,tsx}', 'plugins/**/*.test.{ts,tsx}', 'app/**/*.test.{ts,tsx}', 'docs/**/*.test.{ts,tsx}'],
      exclude: ['**/*.server.test.ts', '**/node_modules/**'],
      setupFiles: ['./tests/runner/watchdog.ts', './tests/setup-unit.ts'],
      // A limit catches a hang; on a loaded machine a screen may take seconds to draw, so it is generous.
      testTimeout: 60_000,
    },
    {
      name: 'server',
      testEnvironment: 'node',
      globals: true,
      include: ['**/*.server.test.ts', 'tests/contract/**/*.test.ts'],
      exclude: ['**/node_modules/**'],
      setupFiles: ['./tests/runner/watchdog.ts'],
      testTimeout: 60_000,
      // A file's first hook may make the first start its snapshot is taken from, or wait while another
      // worker makes it: minutes when every core is busy (FIRST_START_LIMIT_MS). A waiter's clock runs while
      // the builder's does not (PGlite does not let its timers fire), so the waiter's limit is the longer.
      hookTimeout: 600_000,
    },
    {
      name: 'e2e',
      testEnvironment: 'node',
      globals: true,
      include: ['tests/e2e/**/*.e2e.test.ts'],
      setupFiles: ['./tests/runner/watchdog.ts'],
      testTimeout: 120_000,
      // The first hook may wait while another file makes the seeded data folder (a whole first start).
      hookTimeout: 600_000,
    },
  ],
});
