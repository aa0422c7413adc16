import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

// The dev server proxies /api to the reference server (or to a real BladeX gateway: set API_TARGET).
const apiTarget = process.env.API_TARGET ?? `http://127.0.0.1:${process.env.API_PORT ?? 1888}`;

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
  output: { distPath: { root: 'dist' }, cleanDistPath: true },
  performance: { chunkSplit: { strategy: 'split-by-experience' } },
  server: { host: '127.0.0.1', port: Number(process.env.DEV_PORT ?? 3000), proxy: { '/api': { target: apiTarget, changeOrigin: true } } },
});
