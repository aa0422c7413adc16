import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { LocalText, ServerLanguage } from '../i18n';

/**
 * The interactive page at /api/docs: Swagger UI, served from the `swagger-ui-dist` package (no CDN: the
 * product may run without a network). The page, its start script and Swagger UI's files are all served
 * from this server, so a Content-Security-Policy of 'self' holds them; Swagger UI sets inline styles and
 * draws its icons from data: URLs, which the page's own policy allows, and nothing else.
 */

const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const swaggerVersion = (createRequire(import.meta.url)('swagger-ui-dist/package.json') as { version: string }).version;

/** The files the page loads from the package, and their types (nothing else of it is served). */
const PACKAGE_FILES: Readonly<Record<string, string>> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

export const DOCS_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Starts Swagger UI on the description next to the page (relative: the page works below any prefix a
 * proxy adds). A token pasted without its `bearer ` prefix gets it, as `Blade-Auth` wants it. The page
 * follows the system's light or dark setting.
 */
const START_SCRIPT = `(function () {
  var dark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)');
  function theme() { document.documentElement.classList.toggle('dark-mode', !!(dark && dark.matches)); }
  theme();
  if (dark && dark.addEventListener) dark.addEventListener('change', theme);
  window.ui = SwaggerUIBundle({
    url: 'openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    layout: 'BaseLayout',
    presets: [SwaggerUIBundle.presets.apis],
    validatorUrl: null,
    filter: true,
    displayRequestDuration: true,
    defaultModelsExpandDepth: 0,
    requestInterceptor: function (request) {
      var token = request.headers['Blade-Auth'];
      if (token && !/^bearer\\s/i.test(token)) request.headers['Blade-Auth'] = 'bearer ' + token.trim();
      return request;
    }
  });
})();
`;

const TEXT = {
  title: { zh: '接口文档', en: 'API reference' },
  noScript: { zh: '此页面需要启用 JavaScript。接口描述本身见 openapi.json。', en: 'This page needs JavaScript. The description itself is at openapi.json.' },
} satisfies Record<string, LocalText>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page (assets referred to relative to /api/docs, so under /api/docs/…). */
export function docsPageHtml(lang: ServerLanguage, title: LocalText): string {
  const v = `?v=${encodeURIComponent(swaggerVersion)}`;
  return `<!doctype html>
<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${TEXT.title[lang]} · ${title[lang]}`)}</title>
<link rel="icon" type="image/png" href="docs/favicon-32x32.png${v}">
<link rel="stylesheet" href="docs/swagger-ui.css${v}">
</head>
<body>
<div id="swagger-ui"><noscript>${escapeHtml(TEXT.noScript[lang])}</noscript></div>
<script src="docs/swagger-ui-bundle.js${v}"></script>
<script src="docs/start.js${v}"></script>
</body>
</html>
`;
}

export interface DocsAsset {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
}

const cache = new Map<string, Promise<DocsAsset>>();

/** One of the page's files by name, or undefined for any other name. Read once, then kept (about 2 MB in all). */
export function docsAsset(name: string): Promise<DocsAsset> | undefined {
  if (name === 'start.js') return Promise.resolve({ body: new TextEncoder().encode(START_SCRIPT), contentType: 'text/javascript; charset=utf-8' });
  const contentType = Object.hasOwn(PACKAGE_FILES, name) ? PACKAGE_FILES[name] : undefined;
  if (!contentType) return undefined;
  let asset = cache.get(name);
  if (!asset) {
    asset = readFile(join(swaggerDir, name)).then((bytes) => ({ body: new Uint8Array(bytes), contentType }));
    // A failed read is not kept: the next request tries again.
    asset.catch(() => cache.delete(name));
    cache.set(name, asset);
  }
  return asset;
}
