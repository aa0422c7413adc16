import type { LocalText } from './manifest';

/**
 * The rule a new password follows (the parameters `account.passwordMinLength` and
 * `account.passwordClasses`), as plain data and pure functions: the server enforces it where it receives
 * the typed password, and the browser's forms show it and check it before sending.
 */
export interface PasswordRule {
  /** Fewest characters. */
  minLength: number;
  /** How many of the four kinds (lower case, upper case, digits, symbols) it mixes at least. */
  classes: number;
}

/** Longer passwords are refused as input, whatever the rule. */
export const PASSWORD_MAX_LENGTH = 64;

const KINDS = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/];

/** How many of the four kinds the password has (anything but an ASCII letter or digit is a symbol). */
export function passwordKinds(plain: string): number {
  return KINDS.filter((kind) => kind.test(plain)).length;
}

/** Whether the password follows the rule (length in characters, not bytes). */
export function followsPasswordRule(plain: string, rule: PasswordRule): boolean {
  return [...plain].length >= rule.minLength && passwordKinds(plain) >= rule.classes;
}

/** The rule in words: shown beside a new-password field, and the refusal of a password that breaks it. */
export function passwordRuleText(rule: PasswordRule): LocalText {
  if (rule.classes <= 1) return { zh: `密码至少${rule.minLength}位`, en: `A password has at least ${rule.minLength} characters` };
  return {
    zh: `密码至少${rule.minLength}位,且包含小写字母、大写字母、数字、符号中的至少${rule.classes}种`,
    en: `A password has at least ${rule.minLength} characters and at least ${rule.classes} of: lower case letters, upper case letters, digits, symbols`,
  };
}
