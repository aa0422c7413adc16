import type { LocalText } from './manifest';

/**
 * Value rules that several entities' fields share (a field's `pattern`): the expression said once, with
 * a message that fits any field of the kind. A field whose message should name it spreads the rule and
 * gives its own: `pattern: { ...HTTP_URL_RULE, message: { zh: '回调地址须为 http(s) 地址', en: … } }`.
 */
export interface FieldRule {
  source: string;
  message: LocalText;
}

/** Something@somewhere.tld, without spaces: what a mail client takes, not the whole RFC. */
export const EMAIL_RULE: FieldRule = {
  source: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
  message: { zh: '邮箱格式不正确', en: 'The email address is not valid' },
};

/** An http(s) address with a host (never javascript:, data: or a bare path). */
export const HTTP_URL_RULE: FieldRule = {
  source: '^https?://[^\\s/?#]+[^\\s]*$',
  message: { zh: '须为 http:// 或 https:// 开头的地址', en: 'Enter an http:// or https:// address' },
};

/**
 * A landline or any telephone number as people write it: an optional +, then a digit or an opening
 * bracket, then digits, spaces, brackets and dashes (5 to 30 characters in all).
 */
export const TELEPHONE_RULE: FieldRule = {
  source: '^\\+?[(0-9][0-9 ()-]{4,28}$',
  message: { zh: '电话号码格式不正确', en: 'The telephone number is not valid' },
};

/** A mainland mobile number is required with this message. */
export const MOBILE_REQUIRED: LocalText = { zh: '手机号码不能为空', en: 'The mobile number is required' };

/** A mainland mobile number, judged as people are told: its length first, then its form (1 and ten digits). */
export const MOBILE_RULES: readonly FieldRule[] = [
  { source: '^.{11}$', message: { zh: '手机号码长度不为11位', en: 'The mobile number must have 11 digits' } },
  { source: '^1\\d{10}$', message: { zh: '手机号码格式不正确', en: 'The mobile number is not valid' } },
];
