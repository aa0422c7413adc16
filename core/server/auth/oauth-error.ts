import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { localize, type LocalText } from '../i18n';

/**
 * A refusal of the token endpoint. BladeX answers these OAuth-style (`error_code`, `error_description`);
 * we also carry the R fields (`code`, `success`, `msg`) so a client reading either shape shows the message
 * (Saber's pipeline reads `msg || error_description`). Both are in the caller's language.
 */
export class OAuthError extends Error {
  constructor(
    readonly text: LocalText,
    readonly status: ContentfulStatusCode = 400,
  ) {
    super(text.zh);
    this.name = 'OAuthError';
  }

  body() {
    const message = localize(this.text);
    return { error_code: this.status, error_description: message, code: this.status, success: false, data: null, msg: message };
  }
}

export const MSG = {
  badCredentials: { zh: '用户名或密码不正确', en: 'Wrong user name or password' },
  noRoles: { zh: '未获得用户的角色信息', en: 'The user has no role' },
  tenantExpired: { zh: '租户授权已过期,请联系管理员', en: "The tenant's licence has expired, please contact the administrator" },
  captcha: { zh: '验证码不正确', en: 'Wrong verification code' },
  tokenExpired: { zh: '令牌授权已过期', en: 'The token has expired' },
  locked: { zh: '登录错误次数过多,请稍后再试', en: 'Too many failed sign-ins, please try again later' },
  pending: { zh: '账号正在审核中,请等待管理员审核', en: 'The account is awaiting approval by an administrator' },
  disabled: { zh: '账号已停用,请联系管理员', en: 'The account is disabled, please contact the administrator' },
  badClient: { zh: '客户端认证失败!', en: 'Client authentication failed' },
  socialExpired: { zh: '第三方授权已失效,请重新登录', en: 'The third-party authorization has expired, please sign in again' },
  unsupportedSocial: (source: string): LocalText => ({ zh: `不支持的第三方登录: ${source}`, en: `Unsupported third-party sign-in: ${source}` }),
  unsupportedGrant: (grant: string): LocalText => ({ zh: `不支持的授权类型: ${grant}`, en: `Unsupported grant type: ${grant}` }),
  grantNotAllowed: (grant: string): LocalText => ({ zh: `客户端未被授予该授权类型: ${grant}`, en: `The client may not use the grant type: ${grant}` }),
} satisfies Record<string, LocalText | ((value: string) => LocalText)>;
