import { describe, expect, it } from '@rstest/core';
import { EMAIL_RULE, HTTP_URL_RULE, TELEPHONE_RULE, type FieldRule } from './field-rules';

const accepts = (rule: FieldRule, values: string[]) => values.filter((v) => !new RegExp(rule.source).test(v));

describe('shared field rules', () => {
  it('email: something@somewhere.tld without spaces', () => {
    expect(accepts(EMAIL_RULE, ['a@b.cn', 'chen.siyuan@bladex.example.com', 'x+tag@mail.example.org'])).toEqual([]);
    expect(accepts(EMAIL_RULE, ['no-at', 'a@b', 'a b@c.cn', '@b.cn', 'a@@b.cn'])).toHaveLength(5);
  });

  it('http(s) URL: a scheme and a host; never another scheme, a bare path or nothing after the scheme', () => {
    expect(accepts(HTTP_URL_RULE, ['https://example.com', 'http://localhost:8080/cb?x=1', 'https://v.example.com/a%20b'])).toEqual([]);
    expect(accepts(HTTP_URL_RULE, ['javascript:alert(1)', 'ftp://x.example.com', 'https://', '/card', 'example.com', 'https:// spaced.example.com', 'data:text/html,x'])).toHaveLength(7);
  });

  it('telephone: digits with spaces, brackets and dashes, an optional leading +, starting with a digit or (, 5 to 30 characters', () => {
    expect(accepts(TELEPHONE_RULE, ['021-50801888', '+86 21 5080 1888', '(021) 5080-1888', '95588', '400-820-8820'])).toEqual([]);
    expect(accepts(TELEPHONE_RULE, ['<b>1</b>', '1234', '---12345', ')2345', '021-5080 1888 ext', '+', `1${'2'.repeat(29)}`])).toHaveLength(7);
  });

  it('each says what is wrong in both languages', () => {
    for (const rule of [EMAIL_RULE, HTTP_URL_RULE, TELEPHONE_RULE]) expect([rule.message.zh.length > 0, rule.message.en.length > 0]).toEqual([true, true]);
  });
});
