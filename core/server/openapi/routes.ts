import { readFileSync } from 'node:fs';
import type { Hono } from 'hono';
import type { AppEnv } from '../context';
import { currentLanguage, type LocalText, type ServerLanguage } from '../i18n';
import type { ServerPlugin } from '../plugin';
import type { OwnedRoute } from '../registry';
import { describeRoute, docText } from './describe';
import { DOCS_PAGE_CSP, docsAsset, docsPageHtml } from './docs-page';
import { buildOpenApi } from './document';

/**
 * `GET /api/openapi.json` (the description of every route, in the caller's language) and `GET /api/docs`
 * (Swagger UI on it, its files under /api/docs/…). Both are public: an integrator needs them before
 * holding a token, and they show the shapes of the routes, never data (the browser app, which anyone
 * may load, carries the same entity definitions).
 */
export const API_DOCS_PATHS: readonly string[] = ['/openapi.json', '/docs', '/docs/*'];

const TITLE: LocalText = { zh: '管理后台接口', en: 'Admin back office API' };

const TEXT = {
  json: { zh: '本接口描述（OpenAPI 3.1，JSON）', en: 'This description (OpenAPI 3.1, JSON)' },
  jsonMore: { zh: '由路由表、实体定义与校验规则生成；摘要与说明使用 `Accept-Language` 指定的语言。', en: 'Generated from the route table, the entity definitions and the validation rules; summaries and descriptions are in the language `Accept-Language` asks for.' },
  page: { zh: '交互式接口文档页面（Swagger UI）', en: 'The interactive API page (Swagger UI)' },
  pageMore: { zh: '可粘贴访问令牌并直接调用接口；离线可用，不依赖外部网络。', en: 'Paste an access token and try the calls; works offline, nothing is loaded from outside.' },
  asset: { zh: '交互式页面所用的文件', en: 'A file of the interactive page' },
  html: { zh: 'HTML 页面', en: 'The HTML page' },
  file: { zh: '文件内容', en: 'The file' },
  fileName: { zh: '文件名：swagger-ui-bundle.js、swagger-ui.css、favicon-32x32.png 或 start.js', en: 'File name: swagger-ui-bundle.js, swagger-ui.css, favicon-32x32.png or start.js' },
} satisfies Record<string, LocalText>;

function packageVersion(): string {
  try {
    const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    return typeof version === 'string' ? version : '0.0.0';
  } catch {
    return '0.0.0'; // run from a bundle without the package file: the description is still whole
  }
}

export interface ApiDocsOptions {
  /** Every endpoint with its owner, as `mountPlugins` returns them. */
  owners: readonly OwnedRoute[];
  plugins: readonly ServerPlugin[];
  publicPaths: readonly string[];
  guestPaths: readonly string[];
  /** How many entries of the route table precede the authentication middleware (they answer without a token). */
  beforeAuthentication: number;
}

/** Mounted after every other API route: the description is built from the route table on first request (once per language). */
export function apiDocsRoutes(api: Hono<AppEnv>, options: ApiDocsOptions): void {
  const owners = new Map(options.owners.filter((r) => r.owner !== 'kernel').map((r) => [`${r.method} ${r.path}`, r.owner]));
  const version = packageVersion();
  const documents = new Map<ServerLanguage, string>();
  const documentIn = (lang: ServerLanguage): string => {
    let json = documents.get(lang);
    if (json === undefined) {
      const document = buildOpenApi(
        {
          routes: api.routes,
          owners,
          plugins: options.plugins.map((p) => ({ id: p.manifest.id, name: p.manifest.name })),
          publicPaths: options.publicPaths,
          guestPaths: options.guestPaths,
          beforeAuthentication: options.beforeAuthentication,
          basePath: '/api',
          title: TITLE,
          version,
        },
        lang,
      );
      json = JSON.stringify(document);
      documents.set(lang, json);
    }
    return json;
  };

  api.get('/openapi.json', describeRoute({ summary: TEXT.json, description: TEXT.jsonMore, answer: { contentType: 'application/json', schema: { type: 'object' } } }), (c) =>
    c.body(documentIn(currentLanguage()), 200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Language': currentLanguage() }),
  );

  api.get('/docs', describeRoute({ summary: TEXT.page, description: TEXT.pageMore, answer: { contentType: 'text/html', schema: { type: 'string' }, description: TEXT.html } }), (c) =>
    c.body(docsPageHtml(currentLanguage(), TITLE), 200, {
      'Content-Type': 'text/html; charset=utf-8',
      // The page's own policy (Swagger UI needs inline styles and data: images); a global one keeps it.
      'Content-Security-Policy': DOCS_PAGE_CSP,
    }),
  );

  api.get(
    '/docs/:file',
    describeRoute({
      summary: TEXT.asset,
      path: { type: 'object', properties: { file: { type: 'string', description: docText(TEXT.fileName) } } },
      answer: { contentType: 'application/octet-stream', schema: { type: 'string', format: 'binary' }, description: TEXT.file },
    }),
    async (c) => {
      const asset = docsAsset(c.req.param('file'));
      if (!asset) return c.notFound();
      const { body, contentType } = await asset;
      // Asked with the package's version (`?v=`), a file never changes: the browser keeps it.
      const cache = c.req.query('v') ? 'public, max-age=31536000, immutable' : 'public, max-age=300';
      return c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': cache });
    },
  );
}
