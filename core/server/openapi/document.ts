import type { RouterRoute } from 'hono/types';
import { pathMatches } from '../auth/access';
import type { LocalText, ServerLanguage } from '../i18n';
import { isMiddleware } from '../registry';
import { Components } from './components';
import { descriptionOf } from './describe';
import { engineOperation } from './engine-operation';
import { textsIn } from './entity-schemas';
import { routeOperation, type OperationParts } from './operation';
import type { HttpMethod, OpenApiDocument, Operation, Parameter, PathItem, Response, SecurityRequirement, Tag } from './types';

/**
 * The OpenAPI 3.1 description of the API, built from the route table itself: every endpoint the server
 * answers is in it (a route no description reaches still appears, with what its path and the access rules
 * say), each with the description its handlers carry (see ./describe.ts), grouped by owner (a plugin, or
 * an area of the kernel), with the credentials it needs and the R envelope it answers.
 */

export interface ApiDescriptionInput {
  /** The API app's route table (paths below `basePath`). */
  routes: readonly RouterRoute[];
  /** Which plugin owns an endpoint, keyed `METHOD path` (absent: the kernel). */
  owners: ReadonlyMap<string, string>;
  /** The installed plugins, in mounting order. */
  plugins: readonly { id: string; name: LocalText }[];
  /** Paths answered without a token, and what a guest token may call (`/prefix/*` for a prefix). */
  publicPaths: readonly string[];
  guestPaths: readonly string[];
  /** How many entries of `routes` precede the authentication middleware: those answer without a token. */
  beforeAuthentication: number;
  /** Where the API is served: `/api`. */
  basePath: string;
  title: LocalText;
  version: string;
}

const TEXT = {
  description: {
    zh: '本服务的全部接口，由代码生成（实体定义与校验规则）。接口遵循 BladeX 约定：除令牌接口外均返回 R 包装 `{code, success, data, msg}`；需登录的接口在 `Blade-Auth` 请求头中携带 `bearer <access_token>`；令牌接口以 `Authorization: Basic base64(客户端编号:客户端密钥)` 认证客户端。提示信息使用 `Accept-Language` 指定的语言（中文或英文）。',
    en: "Every endpoint of this server, generated from the code (entity definitions and validation rules). The API follows BladeX's contract: every answer but the token endpoint's is the R envelope `{code, success, data, msg}`; a signed-in call carries `Blade-Auth: bearer <access_token>`; the token endpoint authenticates the client with `Authorization: Basic base64(clientId:clientSecret)`. Messages are in the language `Accept-Language` asks for (Chinese or English).",
  },
  server: { zh: '本服务', en: 'This server' },
  kernel: { zh: '内核', en: 'Kernel' },
  plugin: { zh: '插件', en: 'plugin' },
  bladeAuth: {
    zh: '访问令牌：`bearer <access_token>`（在此页面只粘贴令牌即可，前缀会自动补上）。令牌由 `POST /blade-auth/oauth/token` 签发。',
    en: 'The access token: `bearer <access_token>` (on this page paste the token alone; the prefix is added). Tokens come from `POST /blade-auth/oauth/token`.',
  },
  clientBasic: { zh: 'OAuth 客户端：用户名为客户端编号，密码为客户端密钥（演示：saber / saber_secret）', en: 'The OAuth client: the user name is the client id, the password its secret (demo: saber / saber_secret)' },
  guest: { zh: '访客令牌（已第三方登录、尚未注册的用户）也可调用。', en: 'A guest token (signed in through a third party, not yet registered) may call it too.' },
  ok: { zh: '成功', en: 'Success' },
  badRequest: { zh: '参数错误：msg 指出第一个有问题的参数', en: 'Bad input: msg names the first offending parameter' },
  unauthorized: { zh: '未登录、令牌无效或已过期（请求未授权）', en: 'No token, or an invalid or expired one (请求未授权)' },
  forbidden: { zh: '没有权限，或当前租户未开通此功能', en: 'No permission, or the feature is not enabled for the tenant' },
  tooMany: { zh: '请求过于频繁（匿名调用按来源地址限流），稍后按 Retry-After 头重试', en: 'Too many requests (anonymous calls are limited per address); retry after the Retry-After header' },
  undescribed: { zh: '（此路由尚无描述）', en: '(this route has no description yet)' },
} satisfies Record<string, LocalText>;

const METHODS: Record<string, HttpMethod[]> = {
  GET: ['get'],
  POST: ['post'],
  PUT: ['put'],
  PATCH: ['patch'],
  DELETE: ['delete'],
  OPTIONS: ['options'],
  ALL: ['get', 'post'],
};

/** A hono path as an OpenAPI path with its path parameters: `/file/:name` → `/file/{name}`. */
export function openApiPath(path: string): { path: string; parameters: Parameter[] } {
  const parameters: Parameter[] = [];
  const segments = path.split('/').map((segment) => {
    if (segment === '*') {
      parameters.push({ name: 'path', in: 'path', required: true, schema: { type: 'string' } });
      return '{path}';
    }
    const param = /^:([A-Za-z0-9_]+)(?:\{(.+)\})?\??$/.exec(segment);
    if (!param) return segment;
    parameters.push({ name: param[1]!, in: 'path', required: true, schema: { type: 'string', ...(param[2] ? { pattern: `^${param[2]}$` } : {}) } });
    return `{${param[1]}}`;
  });
  return { path: segments.join('/'), parameters };
}

/** The kernel area a path belongs to: the resource after a `blade-*` service (`/blade-system/menu/…` → `menu`), else the service. */
export function kernelArea(path: string): string {
  const [service = '', resource, ...rest] = path.split('/').filter(Boolean);
  const area = service.startsWith('blade-') ? (resource && rest.length ? resource : service.slice('blade-'.length)) : service;
  return area.replace(/\.[a-z]+$/, '');
}

const operationId = (method: string, path: string) => `${method}${path.replace(/[^A-Za-z0-9]+/g, '_')}`.replace(/_+$/, '');

export function buildOpenApi(input: ApiDescriptionInput, lang: ServerLanguage): OpenApiDocument {
  const t = textsIn(lang);
  const components = new Components(t);
  const paths: Record<string, PathItem> = {};
  const tags = new Map<string, Tag>();
  const pluginNames = new Map(input.plugins.map((p) => [p.id, p.name]));
  const envelope = (data?: Parameters<Components['envelope']>[0]) => ({ 'application/json': { schema: components.envelope(data) } });

  // One operation per method and path, described by whichever of its handlers carries a description.
  const endpoints = new Map<string, RouterRoute[]>();
  const early = new Set(input.routes.slice(0, input.beforeAuthentication));
  for (const route of input.routes) {
    if (isMiddleware(route)) continue;
    const key = `${route.method} ${route.path}`;
    endpoints.set(key, [...(endpoints.get(key) ?? []), route]);
  }

  for (const [key, handlers] of endpoints) {
    const { method, path } = handlers[0]!;
    const description = handlers.map((h) => descriptionOf(h.handler)).find((d) => d !== undefined);
    const parts: OperationParts = description
      ? description.kind === 'engine'
        ? engineOperation(description.doc, t, components)
        : routeOperation(description.doc, t, components)
      : { summary: `${method} ${path}`, description: t(TEXT.undescribed), parameters: [] };

    const owner = input.owners.get(key);
    const tag = owner ?? `kernel/${kernelArea(path)}`;
    if (!tags.has(tag)) {
      const name = owner ? pluginNames.get(owner) : undefined;
      tags.set(tag, { name: tag, description: owner ? `${name ? t(name) : owner} (${t(TEXT.plugin)} \`${owner}\`)` : t(TEXT.kernel) });
    }

    const isPublic = handlers.some((h) => early.has(h)) || pathMatches(input.publicPaths, path);
    const guest = !isPublic && pathMatches(input.guestPaths, path);
    const security: SecurityRequirement[] = parts.client ? [{ clientBasic: [] }] : isPublic ? (parts.optionalToken ? [{}, { bladeAuth: [] }] : []) : [{ bladeAuth: [] }];

    const errorBody = parts.answer?.error ? { [parts.answer.contentType]: { schema: parts.answer.error } } : envelope();
    const responses: Record<string, Response> = {
      '200': parts.answer
        ? { description: parts.answer.description ?? t(TEXT.ok), ...(parts.answer.schema ? { content: { [parts.answer.contentType]: { schema: parts.answer.schema } } } : {}) }
        : { description: t(TEXT.ok), content: envelope(parts.data) },
      '400': { description: t(TEXT.badRequest), content: errorBody },
    };
    if (parts.client || !isPublic) responses['401'] = { description: t(TEXT.unauthorized), content: errorBody };
    if (!isPublic) responses['403'] = { description: t(TEXT.forbidden), content: errorBody };
    // Anonymous and guest calls are rate-limited; the probes, answered before the limiter, are not.
    const probe = handlers.some((h) => early.has(h));
    if ((isPublic && !probe) || guest) responses['429'] = { description: t(TEXT.tooMany), content: errorBody };

    const { path: docPath, parameters: pathParameters } = openApiPath(path);
    const operation: Operation = {
      operationId: '',
      tags: [tag],
      summary: parts.summary,
      ...(parts.description || guest ? { description: [parts.description, guest ? t(TEXT.guest) : undefined].filter(Boolean).join('\n\n') } : {}),
      // The path's own parameters, as the route describes them when it does.
      parameters: [
        ...pathParameters.map((p) => {
          const described = parts.parameters.find((q) => q.in === 'path' && q.name === p.name);
          return described ? { ...described, required: true } : p;
        }),
        ...parts.parameters.filter((q) => q.in !== 'path'),
      ],
      responses,
      security,
    };
    if (parts.body) operation.requestBody = { required: true, content: { 'application/json': { schema: parts.body } } };
    if (parts.multipart) operation.requestBody = { required: true, content: { 'multipart/form-data': { schema: parts.multipart } } };
    if (operation.parameters!.length === 0) delete operation.parameters;

    const item = (paths[docPath] ??= {});
    for (const verb of METHODS[method] ?? []) item[verb] = { ...operation, operationId: operationId(verb, path) };
  }

  return {
    openapi: '3.1.0',
    info: { title: t(input.title), version: input.version, description: t(TEXT.description) },
    servers: [{ url: input.basePath, description: t(TEXT.server) }],
    tags: [...tags.values()],
    paths,
    components: {
      schemas: components.schemas,
      securitySchemes: {
        bladeAuth: { type: 'apiKey', in: 'header', name: 'Blade-Auth', description: t(TEXT.bladeAuth) },
        clientBasic: { type: 'http', scheme: 'basic', description: t(TEXT.clientBasic) },
      },
    },
  };
}
