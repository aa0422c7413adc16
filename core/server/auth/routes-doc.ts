import { docText, type RouteDoc } from '../openapi/describe';
import type { JsonSchema } from '../openapi/types';

/**
 * How the token endpoint and its neighbours describe themselves in /api/openapi.json. The token endpoint
 * reads its parameters per grant (each grant parses its own), so its description lists them all here.
 */

const text = (zh: string, en: string) => docText({ zh, en });

const tokenParams: JsonSchema = {
  type: 'object',
  properties: {
    grant_type: { type: 'string', enum: ['password', 'captcha', 'refresh_token', 'social'], default: 'password', description: text('授权类型（默认 password）', 'Grant type (default password)') },
    tenantId: { type: 'string', pattern: '^\\d{6}$', default: '000000', description: text('租户编号（也可用请求头 Tenant-Id；默认 000000）', 'Tenant id (or the Tenant-Id header; default 000000)') },
    username: { type: 'string', maxLength: 45, description: text('账号（password、captcha）', 'Account (password, captcha)') },
    password: {
      type: 'string',
      maxLength: 128,
      description: text('密码的 MD5（32 位小写十六进制，登录页即如此发送；演示账号 admin 的密码 admin 为 21232f297a57a5a743894a0e4a801fc3）', 'The MD5 of the password, 32 lower-case hex digits, as the sign-in page sends it (the demo admin\'s password admin is 21232f297a57a5a743894a0e4a801fc3)'),
    },
    refresh_token: { type: 'string', maxLength: 8192, description: text('刷新令牌（refresh_token）', 'The refresh token (refresh_token)') },
    source: { type: 'string', maxLength: 32, description: text('第三方来源（social）', 'Third-party source (social)') },
    code: { type: 'string', maxLength: 128, description: text('第三方一次性授权码（social）', "The third party's one-time code (social)") },
  },
};

const tokenHeaders: JsonSchema = {
  type: 'object',
  properties: {
    'Tenant-Id': { type: 'string', pattern: '^\\d{6}$', description: text('租户编号（参数 tenantId 优先）', 'Tenant id (the tenantId parameter wins)') },
    'Captcha-Key': { type: 'string', description: text('验证码键（captcha，来自验证码接口）', 'Captcha key (captcha; from the captcha endpoint)') },
    'Captcha-Code': { type: 'string', description: text('用户看到的验证码（captcha）', 'The code the user read (captcha)') },
    'User-Type': { type: 'string', maxLength: 16, default: 'web', description: text('客户端类型，写入令牌的 detail', "Kind of client, kept in the token's detail") },
  },
};

const tokenAnswer: JsonSchema = {
  type: 'object',
  properties: {
    access_token: { type: 'string', description: text('访问令牌：之后放在请求头 Blade-Auth: bearer <access_token>', 'The access token: send it as Blade-Auth: bearer <access_token>') },
    refresh_token: { type: 'string', description: text('刷新令牌', 'The refresh token') },
    token_type: { const: 'bearer' },
    expires_in: { type: 'integer', description: text('访问令牌有效秒数', 'Seconds the access token lives') },
    scope: { const: 'all' },
    tenant_id: { type: 'string' },
    user_id: { type: 'string' },
    dept_id: { type: 'string' },
    post_id: { type: 'string' },
    role_id: { type: 'string' },
    oauth_id: { type: 'string' },
    account: { type: 'string' },
    user_name: { type: 'string' },
    nick_name: { type: 'string' },
    real_name: { type: 'string' },
    role_name: { type: 'string' },
    avatar: { type: 'string' },
    client_id: { type: 'string' },
    detail: { type: 'object', properties: { type: { type: 'string' } } },
    license: { type: 'string' },
    jti: { type: 'string' },
  },
  required: ['access_token', 'refresh_token', 'token_type', 'expires_in', 'tenant_id', 'user_id', 'account'],
};

const oauthError: JsonSchema = {
  type: 'object',
  description: text('OAuth 风格的拒绝，同时带 R 的字段', 'An OAuth-style refusal, carrying the R fields too'),
  properties: {
    error_code: { type: 'integer' },
    error_description: { type: 'string' },
    code: { type: 'integer' },
    success: { const: false },
    data: { type: 'null' },
    msg: { type: 'string' },
  },
  required: ['error_code', 'error_description', 'code', 'success', 'msg'],
};

/** BladeX's raw acknowledgement of logout and clear-cache. */
const ack: JsonSchema = { type: 'object', properties: { success: { const: 'true' }, msg: { const: 'success' } }, required: ['success', 'msg'] };

export const TOKEN_DOC: RouteDoc = {
  summary: { zh: '获取令牌（登录）', en: 'Get tokens (sign in)' },
  description: {
    zh: '以 OAuth 客户端认证（Basic），按 grant_type 签发访问令牌与刷新令牌：password（账号与密码 MD5）、captcha（另需验证码请求头）、refresh_token、social（第三方授权码；未绑定账号时签发访客令牌）。连续失败会锁定账号。拒绝时返回 OAuth 风格的错误体。',
    en: 'Authenticated as an OAuth client (Basic), issues an access and a refresh token by grant_type: password (account and MD5 of the password), captcha (plus the captcha headers), refresh_token, social (a third party\'s code; an identity bound to no account gets a guest token). Repeated failures lock the account. Refusals come OAuth-style.',
  },
  params: tokenParams,
  headers: tokenHeaders,
  answer: { contentType: 'application/json', schema: tokenAnswer, error: oauthError },
  client: true,
};

export const REFRESH_DOC: RouteDoc = {
  summary: { zh: '刷新令牌', en: 'Refresh the tokens' },
  description: { zh: '同令牌接口的 refresh_token 授权：旧的刷新令牌作废，签发新的一对。', en: 'The token endpoint\'s refresh_token grant: the refresh token is used up and a new pair issued.' },
  params: { type: 'object', properties: { refresh_token: tokenParams.properties!.refresh_token!, tenantId: tokenParams.properties!.tenantId! }, required: ['refresh_token'] },
  answer: { contentType: 'application/json', schema: tokenAnswer, error: oauthError },
  client: true,
};

export const CAPTCHA_DOC: RouteDoc = {
  summary: { zh: '获取图形验证码', en: 'Get a captcha image' },
  description: { zh: '返回键与 PNG 图片（data URL）；登录时以请求头 Captcha-Key 与 Captcha-Code 提交，一次有效。', en: 'Answers a key and a PNG image (data URL); sign in with the Captcha-Key and Captcha-Code headers, valid once.' },
  answer: { contentType: 'application/json', schema: { type: 'object', properties: { key: { type: 'string' }, image: { type: 'string', description: text('data:image/png;base64,…', 'data:image/png;base64,…') } }, required: ['key', 'image'] } },
};

export const RENDER_DOC = (query: RouteDoc['query']): RouteDoc => ({
  summary: { zh: '第三方登录授权页（演示提供方）', en: "A third party's authorize page (the demo provider)" },
  description: { zh: '立即同意并以 302 跳回 /login?source=&code=&state=。', en: 'Approves at once and redirects (302) to /login?source=&code=&state=.' },
  path: { type: 'object', properties: { source: { type: 'string', description: text('第三方来源', 'Third-party source') } } },
  query,
  answer: { contentType: 'text/plain', description: { zh: '302 跳转到登录页', en: '302 redirect to the sign-in page' } },
});

export const LOGOUT_DOC: RouteDoc = {
  summary: { zh: '退出登录', en: 'Sign out' },
  description: { zh: '带令牌调用时结束该会话（其刷新令牌作废，访问令牌不再被接受）；不带令牌也返回成功。', en: 'Called with a token, ends that session (its refresh tokens revoked, its access token no longer accepted); without one it answers success all the same.' },
  answer: { contentType: 'application/json', schema: ack },
  optionalToken: true,
};

export const CLEAR_CACHE_DOC: RouteDoc = {
  summary: { zh: '清除缓存（兼容 BladeX，无操作）', en: "Clear the cache (BladeX's; nothing to do here)" },
  answer: { contentType: 'application/json', schema: ack },
};

export const USER_INFO_DOC: RouteDoc = {
  summary: { zh: '当前令牌的用户信息', en: "The current token's user" },
  data: {
    type: 'object',
    properties: Object.fromEntries(['clientId', 'userId', 'tenantId', 'oauthId', 'account', 'userName', 'nickName', 'roleId', 'roleName', 'deptId', 'postId'].map((key) => [key, { type: 'string' }])),
  },
};
