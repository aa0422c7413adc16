/** The signed-in user, as the token endpoint describes them (tokens left out). */
export interface UserInfo {
  user_id: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  /** Comma-joined role aliases (`administrator`, `user,guest`). */
  role_name: string;
  avatar: string;
  account: string;
  tenant_id: string;
  oauth_id: string;
  dept_id: string;
  role_id?: string;
  post_id?: string;
}

/** The raw answer of `POST /api/blade-auth/oauth/token` (no R envelope). */
export interface TokenResult extends Partial<UserInfo> {
  access_token?: string;
  refresh_token?: string;
  token_type?: string;
  expires_in?: number;
  error_code?: number;
  error?: string;
  error_description?: string;
}

export interface LoginForm {
  tenantId: string;
  username: string;
  /** Plain text: the session hashes it (md5 hex) before it leaves the browser. */
  password: string;
  type?: string;
  /** Captcha key and typed code (captchaMode). */
  key?: string;
  code?: string;
  /** switchMode: the department / role to sign in with. */
  deptId?: string;
  roleId?: string;
}

export interface SocialLogin {
  source: string;
  code: string;
  state: string;
  tenantId: string;
}
