import type { LocalText } from '../../../core/sdk/shared';

/**
 * A mainland resident ID number (GB 11643): 17 digits (region, birth date, sequence) and a check
 * character, a digit or X. Shared by the form's rule, the server's check and the masking.
 */

export const MSG_ID_NUMBER: LocalText = { zh: '身份证号码格式不正确', en: 'The ID number is not valid' };

/** Its shape alone (the form's and the server's first rule); the check character is judged by `isIdNumber`. */
export const ID_NUMBER_RULE = { source: '^\\d{17}[\\dXx]$', message: MSG_ID_NUMBER };

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** The check character the first 17 digits call for. */
export function idCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK[sum % 11]!;
}

/** A real calendar date from 1900 on, yyyyMMdd. */
function isBirthDate(text: string): boolean {
  const y = Number(text.slice(0, 4));
  const m = Number(text.slice(4, 6));
  const d = Number(text.slice(6, 8));
  if (y < 1900 || m < 1 || m > 12 || d < 1) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Shape, birth date and check character (a lower-case x is accepted: people type it). */
export function isIdNumber(value: string): boolean {
  if (!new RegExp(ID_NUMBER_RULE.source).test(value)) return false;
  return isBirthDate(value.slice(6, 14)) && idCheckCharacter(value.slice(0, 17)) === value[17]!.toUpperCase();
}

/** As shown to those who may not see it whole: the first 3 and last 4 characters, the rest starred. */
export function maskIdNumber(value: string): string {
  if (value.length <= 7) return '*'.repeat(value.length);
  return `${value.slice(0, 3)}${'*'.repeat(value.length - 7)}${value.slice(-4)}`;
}
