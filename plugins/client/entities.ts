import { defineEntity, HTTP_URL_RULE } from '../../core/sdk/shared';

/** The grant types a client may be given (the token endpoint's, plus BladeX's authorization_code). */
export const GRANT_TYPES = ['refresh_token', 'password', 'captcha', 'social', 'authorization_code'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

const grantType = `(?:${GRANT_TYPES.join('|')})`;

/** Token lifetimes: a minute to a year. */
const VALIDITY = { min: 60, max: 31_536_000 } as const;

/**
 * An OAuth client: global data (no tenant), with audit columns and a logical delete.
 * `authorizedGrantTypes` is stored comma-joined; `status` (1 on, 0 off) is the audit column, sent
 * alongside the fields. The client id is the row's key: fixed once made.
 */
export const clientEntity = defineEntity({
  name: 'client',
  label: { zh: '客户端', en: 'Client' },
  tenant: false,
  api: { base: '/api/blade-system/client' },
  unique: [{ fields: ['clientId'], message: { zh: '客户端id已存在', en: 'This client id already exists' } }],
  fields: {
    clientId: {
      type: 'string',
      label: { zh: '客户端id', en: 'Client id' },
      required: { zh: '请输入客户端id', en: 'Please enter the client id' },
      maxLength: 48,
      pattern: { source: '^[A-Za-z0-9_-]+$', message: { zh: '客户端id只能包含字母、数字、下划线和短横线', en: 'Letters, digits, _ and - only' } },
      search: 'like',
      writable: 'create',
    },
    clientSecret: {
      type: 'string',
      label: { zh: '客户端密钥', en: 'Client secret' },
      required: { zh: '请输入客户端密钥', en: 'Please enter the client secret' },
      maxLength: 256,
    },
    scope: {
      type: 'string',
      label: { zh: '授权范围', en: 'Scope' },
      required: { zh: '请输入授权范围', en: 'Please enter the scope' },
      maxLength: 256,
      default: 'all',
    },
    authorizedGrantTypes: {
      type: 'string',
      label: { zh: '授权类型', en: 'Grant types' },
      required: { zh: '请选择授权类型', en: 'Please choose at least one grant type' },
      maxLength: 256,
      pattern: { source: `^${grantType}(?:,${grantType})*$`, message: { zh: '授权类型不正确', en: 'Unknown grant type' } },
      default: 'refresh_token,password,captcha',
      span: 24,
    },
    accessTokenValidity: {
      type: 'integer',
      label: { zh: '令牌过期秒数', en: 'Access token (s)' },
      required: { zh: '请输入令牌过期秒数', en: 'Please enter the access token lifetime' },
      ...VALIDITY,
      default: 3600,
    },
    refreshTokenValidity: {
      type: 'integer',
      label: { zh: '刷新令牌过期秒数', en: 'Refresh token (s)' },
      required: { zh: '请输入刷新令牌过期秒数', en: 'Please enter the refresh token lifetime' },
      ...VALIDITY,
      default: 604800,
    },
    webServerRedirectUri: {
      type: 'string',
      label: { zh: '回调地址', en: 'Redirect URI' },
      maxLength: 256,
      pattern: { ...HTTP_URL_RULE, message: { zh: '回调地址须为 http(s) 地址', en: 'Enter an http(s) URL' } },
      list: false,
    },
    resourceIds: { type: 'string', label: { zh: '资源集合', en: 'Resource ids' }, maxLength: 256, list: false },
    authorities: { type: 'string', label: { zh: '权限', en: 'Authorities' }, maxLength: 256, list: false },
    autoapprove: { type: 'string', label: { zh: '自动授权', en: 'Auto-approve' }, maxLength: 256, list: false },
    additionalInformation: { type: 'text', label: { zh: '附加说明', en: 'Additional information' }, maxLength: 4096, list: false },
  },
});
