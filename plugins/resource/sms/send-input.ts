import { bizError, MOBILE_RULES } from '../../../core/sdk/server';
import { SMS_CODE_PATTERN } from './entity';
import { SMS_MSG } from './messages';
import { templateVariables } from './template';

/** The most phones one call may name, and the longest parameter value (Aliyun's limit on a variable is near it). */
export const MAX_PHONES = 100;
export const MAX_PARAM_LENGTH = 64;

export interface SendInput {
  /** The configuration's resource code; empty: the enabled one. */
  code: string;
  phones: string[];
  /** The parameters as sent: checked against a template once it is known (`templateParams`). */
  params: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);

/**
 * The call's input from the query string or form (`code`, `phones` comma-separated, `params` a JSON
 * text) or a JSON body (the same, `phones` possibly an array and `params` an object). Phones are trimmed,
 * deduplicated in order, each a mobile number; 400s name what is wrong.
 */
export function parseSendInput(raw: Record<string, unknown>): SendInput {
  const code = (text(raw.code) ?? '').trim();
  if (code && (code.length > 32 || !new RegExp(SMS_CODE_PATTERN).test(code))) throw bizError(SMS_MSG.unknownCode(code.slice(0, 32)));

  const listed = Array.isArray(raw.phones) ? raw.phones.map((p) => text(p) ?? '') : (text(raw.phones) ?? '').split(/[,，\s]+/);
  const phones = [...new Set(listed.map((p) => p.trim()).filter(Boolean))];
  if (phones.length === 0) throw bizError(SMS_MSG.phonesRequired);
  if (phones.length > MAX_PHONES) throw bizError(SMS_MSG.tooManyPhones(MAX_PHONES));
  for (const phone of phones) {
    const broken = MOBILE_RULES.find((rule) => !new RegExp(rule.source).test(phone));
    if (broken) throw bizError(SMS_MSG.badPhone(phone.slice(0, 20), broken.message));
  }

  let params: unknown = raw.params ?? {};
  if (typeof params === 'string') {
    if (!params.trim()) params = {};
    else {
      try {
        params = JSON.parse(params);
      } catch {
        throw bizError(SMS_MSG.paramsJson);
      }
    }
  }
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw bizError(SMS_MSG.paramsJson);
  return { code, phones, params: params as Record<string, unknown> };
}

/** The parameters a template takes, exactly: each variable given as a short text or number, nothing else. */
export function templateParams(template: string, given: Readonly<Record<string, unknown>>): Record<string, string> {
  const variables = templateVariables(template);
  const unknown = Object.keys(given).filter((name) => !variables.includes(name));
  if (unknown.length) throw bizError(SMS_MSG.unknownParams(unknown.slice(0, 10).map((n) => n.slice(0, 32))));
  const missing = variables.filter((name) => !Object.hasOwn(given, name));
  if (missing.length) throw bizError(SMS_MSG.missingParams(missing));
  const params: Record<string, string> = {};
  for (const name of variables) {
    const value = text(given[name])?.trim();
    if (value === undefined || value === '' || value.length > MAX_PARAM_LENGTH) throw bizError(SMS_MSG.paramValue(name, MAX_PARAM_LENGTH));
    params[name] = value;
  }
  return params;
}
