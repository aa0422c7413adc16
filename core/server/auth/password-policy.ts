import { followsPasswordRule, passwordRuleText, type PasswordRule } from '../../schema/password-rule';
import type { Tx } from '../db/types';
import type { Extensions } from '../extensions';
import { bizError, missingParam } from '../http/errors';
import { MSG } from '../http/messages';
import { readParameters } from '../parameters';
import { md5 } from './password';

/**
 * The password rule on the server: read from the tenant's parameters, applied to every new password where
 * its typed text is known (a user made by an administrator, a reset to the initial password, a password
 * change, a guest's registration). Passwords that already exist (the seeded admin/admin) are not judged.
 */

export async function passwordRuleOf(extensions: Pick<Extensions, 'parameters'>, tx: Tx, tenantId: string): Promise<PasswordRule> {
  const { passwordMinLength, passwordClasses } = await readParameters(extensions, tx, tenantId, ['passwordMinLength', 'passwordClasses']);
  return { minLength: passwordMinLength, classes: passwordClasses };
}

/** 400 with the rule in words unless the password follows it. */
export function assertPasswordRule(plain: string, rule: PasswordRule): void {
  if (!followsPasswordRule(plain, rule)) throw bizError(passwordRuleText(rule));
}

/**
 * A new password that arrives as the browser's md5 (the BladeX contract): its hash cannot be judged, so the
 * typed text comes with it (`<name>Plain`, in the form body). The two must agree, and the text must follow
 * the rule. A client that sends the hash alone is refused: nothing would hold it to the rule.
 */
export function assertHashedPasswordRule(params: Record<string, string>, name: string, hashed: string, rule: PasswordRule): void {
  const field = `${name}Plain`;
  const plain = params[field];
  if (plain === undefined || plain === '') throw missingParam(field);
  if (plain.length > 256 || md5(plain) !== hashed.toLowerCase()) throw bizError(MSG.badFormat(field));
  assertPasswordRule(plain, rule);
}

/**
 * The password a reset or an imported account gets (`account.initPassword`), which is a new password like
 * any other: 400 naming the parameter when it breaks the rule, so an administrator knows what to change.
 */
export async function initialPassword(extensions: Pick<Extensions, 'parameters'>, tx: Tx, tenantId: string): Promise<string> {
  const { initPassword } = await readParameters(extensions, tx, tenantId, ['initPassword']);
  const rule = await passwordRuleOf(extensions, tx, tenantId);
  if (!followsPasswordRule(initPassword, rule)) {
    const text = passwordRuleText(rule);
    throw bizError({
      zh: `初始密码(参数 account.initPassword)不符合密码规则: ${text.zh}`,
      en: `The initial password (parameter account.initPassword) breaks the password rule: ${text.en}`,
    });
  }
  return initPassword;
}
