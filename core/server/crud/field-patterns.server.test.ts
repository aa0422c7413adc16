import { describe, expect, test } from '@rstest/core';
import { defineEntity } from '../../schema/entity';
import { MOBILE_REQUIRED, MOBILE_RULES } from '../../schema/field-rules';
import { ApiError } from '../http/errors';
import { entityValidator } from './body';

/** A field's pattern given as several rules: the server judges them in order and names the first one broken. */
const contact = defineEntity({
  name: 'contact',
  label: { zh: '联系人', en: 'Contact' },
  api: { base: '/api/demo/contact' },
  fields: { mobile: { type: 'string', label: { zh: '手机号码', en: 'Mobile' }, required: MOBILE_REQUIRED, pattern: MOBILE_RULES } },
});

/** The refusal of a save of this mobile number, in both languages. */
function refusal(mobile: unknown): { zh: string; en: string } | undefined {
  try {
    entityValidator(contact).parse({ mobile }, 'add');
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return error.text;
    throw error;
  }
}

describe('several pattern rules on the server', () => {
  test('a number one digit short breaks the length rule: 手机号码长度不为11位', () => {
    expect(refusal('1391234567')).toEqual({ zh: '手机号码长度不为11位', en: 'The mobile number must have 11 digits' });
    expect(refusal('139123456789')?.zh).toBe('手机号码长度不为11位');
  });

  test('eleven characters not starting with 1 break the form rule: 手机号码格式不正确', () => {
    expect(refusal('23912345678')).toEqual({ zh: '手机号码格式不正确', en: 'The mobile number is not valid' });
    expect(refusal('1391234567x')?.zh).toBe('手机号码格式不正确');
  });

  test('a value breaking both is told the first rule only; a good one passes; none is the required message', () => {
    expect(refusal('abc')?.zh).toBe('手机号码长度不为11位');
    expect(refusal('13912345678')).toBeUndefined();
    expect(refusal('')).toEqual(MOBILE_REQUIRED);
  });
});
