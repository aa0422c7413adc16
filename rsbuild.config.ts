import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

// The dev server proxies /api to the reference server, or to a real BladeX gateway when API_TARGET is set
// (the gateway has no /api prefix: Saber strips it the same way).
const bladexTarget = process.env.API_TARGET;
const apiProxy = bladexTarget
  ? { target: bladexTarget, changeOrigin: true, pathRewrite: { '^/api': '' } }
  : { target: `http://127.0.0.1:${process.env.API_PORT ?? 1888}`, changeOrigin: true };

export default defineConfig({
  plugins: [pluginReact()],
  source: {
    entry: { index: './app/main.tsx' },
    // Arco on demand: only the components a chunk imports bring their CSS.
    transformImport: [
      { libraryName: '@arco-design/web-react', libraryDirectory: 'es', camelToDashComponentName: false, style: 'css' },
    ],
  },
  html: { title: '名片管理后台', favicon: './app/assets/logo.svg' },
  // Eight hex digits tell the chunks apart; the entry lists every chunk's name, so each digit is paid on /login.
  output: { distPath: { root: 'dist' }, cleanDistPath: true, filenameHash: 'contenthash:8' },
  performance: { chunkSplit: { strategy: 'split-by-experience' } },
  // G2's renderer imports html2canvas (46 kB gzip) only to export a chart with its HTML as an image, which
  // no screen does: a stub that refuses stands in for it.
  resolve: { alias: { html2canvas$: './app/stubs/html2canvas.ts' } },
  tools: {
    rspack: {
      module: {
        rules: [
          // core/sdk only re-exports the kernel for plugins: imports through it are bound to the modules
          // themselves, so a plugin's chunk costs what it did when it imported those modules directly.
          { test: /[\\/]core[\\/]sdk[\\/]/, sideEffects: false },
          // b-validate is Arco's form validator. Arco's English locale imports only its default messages
          // from the package's index, which the package does not declare free of side effects (it is): so
          // declared, the layout's locale brings those messages alone, not the validator (26 kB).
          { test: /[\\/]node_modules[\\/]b-validate[\\/]/, sideEffects: false },
        ],
      },
    },
  },
  server: { publicDir: { name: 'app/public' }, host: '127.0.0.1', port: Number(process.env.DEV_PORT ?? 3000), proxy: { '/api': apiProxy } },
});
