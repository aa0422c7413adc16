import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Not built</title>
<body style="font:16px system-ui;margin:3em">
<h1>The browser app is not built</h1>
<p>This server found no <code>dist/index.html</code>. Run <code>npm run build</code> (or <code>npm start</code>, which builds first),
or use <code>npm run dev</code> for development. The API is up under <code>/api</code>.</p>`;

/**
 * Serves the built browser app: files from dist (hashed assets cached for good, the page itself never),
 * and dist/index.html for any other GET outside /api so that client-side routes survive a reload.
 */
export function mountBrowserApp(app: Hono, distDir: string | null): void {
  const indexFile = distDir ? join(distDir, 'index.html') : '';
  if (!distDir || !existsSync(indexFile)) {
    app.get('*', (c) => (isApi(c.req.path) ? c.notFound() : c.html(NOT_BUILT, c.req.path === '/' ? 200 : 404)));
    return;
  }
  const files = serveStatic({
    root: distDir,
    onFound: (path, c) => {
      c.header('Cache-Control', /[/\\]static[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.use('*', (c, next) => (isApi(c.req.path) ? next() : files(c, next)));
  app.get('*', (c) => {
    if (isApi(c.req.path)) return c.notFound();
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexFile, 'utf8')); // read each time: a rebuild shows without a restart
  });
}
