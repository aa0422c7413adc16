import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * A refusal of the token endpoint. BladeX answers these OAuth-style (`error_code`, `error_description`);
 * we also carry the R fields (`code`, `success`, `msg`) so a client reading either shape shows the message
 * (the Saber pipeline reads `msg || error_description`).
 */
export class OAuthError extends Error {
  constructor(
    message: string,
    readonly status: ContentfulStatusCode = 400,
  ) {
    super(message);
    this.name = 'OAuthError';
  }

  body() {
    return { error_code: this.status, error_description: this.message, code: this.status, success: false, data: null, msg: this.message };
  }
}

export const MSG = {
  badCredentials: '用户名或密码不正确',
  noRoles: '未获得用户的角色信息',
  tenantExpired: '租户授权已过期,请联系管理员',
  captcha: '验证码不正确',
  tokenExpired: '令牌授权已过期',
  locked: '登录错误次数过多,请稍后再试',
  pending: '账号正在审核中,请等待管理员审核',
  disabled: '账号已停用,请联系管理员',
  badClient: '客户端认证失败!',
  socialExpired: '第三方授权已失效,请重新登录',
} as const;
