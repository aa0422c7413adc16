import { describe, expect, test } from '@rstest/core';
import { Hono } from 'hono';
import { apiNotFound, bizError, errorHandler } from './http/errors';
import { rSuccess } from './http/r';
import { parseInput, zodMessage, zodMessageText } from './http/validate';
import { z } from 'zod';
import { currentLanguage, languageMiddleware, localize, parseAcceptLanguage, runWithLanguage } from './i18n';

describe('parseAcceptLanguage', () => {
  test('English tags are English; Chinese, unknown and missing ones are Chinese', () => {
    expect(parseAcceptLanguage('en')).toBe('en');
    expect(parseAcceptLanguage('en-US')).toBe('en');
    expect(parseAcceptLanguage('EN-gb')).toBe('en');
    expect(parseAcceptLanguage('zh')).toBe('zh');
    expect(parseAcceptLanguage('zh-CN')).toBe('zh');
    expect(parseAcceptLanguage('zh-TW')).toBe('zh');
    expect(parseAcceptLanguage('fr-FR')).toBe('zh');
    expect(parseAcceptLanguage('*')).toBe('zh');
    expect(parseAcceptLanguage('')).toBe('zh');
    expect(parseAcceptLanguage(undefined)).toBe('zh');
    expect(parseAcceptLanguage('english')).toBe('zh');
  });

  test('the supported tag with the highest q-value wins; ties keep the order of the header', () => {
    expect(parseAcceptLanguage('fr;q=1, en;q=0.8, zh;q=0.5')).toBe('en');
    expect(parseAcceptLanguage('zh-CN;q=0.4, en-US;q=0.9')).toBe('en');
    expect(parseAcceptLanguage('en;q=0.4, zh-CN;q=0.9')).toBe('zh');
    expect(parseAcceptLanguage('en-US,en;q=0.9,zh-CN;q=0.8')).toBe('en');
    expect(parseAcceptLanguage('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(parseAcceptLanguage('en, zh')).toBe('en');
    expect(parseAcceptLanguage('zh, en')).toBe('zh');
  });

  test('q=0 refuses a language, and a malformed q-value counts as 0', () => {
    expect(parseAcceptLanguage('en;q=0')).toBe('zh');
    expect(parseAcceptLanguage('en;q=0, fr')).toBe('zh');
    expect(parseAcceptLanguage('en;q=abc')).toBe('zh');
    expect(parseAcceptLanguage('en;q=2')).toBe('zh');
    expect(parseAcceptLanguage(' en ; q=0.5 ')).toBe('en');
  });
});

describe('the request language', () => {
  test('is Chinese outside a request, and the one given inside runWithLanguage, across awaits', async () => {
    expect(currentLanguage()).toBe('zh');
    const text = { zh: '好', en: 'good' };
    expect(localize(text)).toBe('好');
    const seen = await runWithLanguage('en', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return [currentLanguage(), localize(text)];
    });
    expect(seen).toEqual(['en', 'good']);
    expect(currentLanguage()).toBe('zh');
  });

  test('two requests at the same time each keep their own language', async () => {
    const answer = (lang: 'zh' | 'en', delay: number) =>
      runWithLanguage(lang, async () => {
        await new Promise((resolve) => setTimeout(resolve, delay));
        return currentLanguage();
      });
    expect(await Promise.all([answer('en', 5), answer('zh', 1), answer('en', 1)])).toEqual(['en', 'zh', 'en']);
  });
});

describe('the middleware', () => {
  const app = new Hono();
  app.use('*', languageMiddleware);
  app.get('/ok', async (c) => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    return c.json(rSuccess());
  });
  app.get('/refused', () => {
    throw bizError({ zh: '数据不存在', en: 'The record does not exist' });
  });
  app.get('/invalid', (c) => c.json(parseInput(z.object({ phone: z.string().regex(/^1\d{10}$/, zodMessage({ zh: '手机号码格式不正确', en: 'Malformed phone number' })), size: z.number() }), { phone: c.req.query('phone'), size: 1 })));
  app.onError(errorHandler({ error: () => undefined }));
  app.notFound(apiNotFound);

  const msg = async (path: string, language?: string) => {
    const res = await app.request(path, { headers: language ? { 'Accept-Language': language } : {} });
    return ((await res.json()) as { msg: string }).msg;
  };

  test('answers, refusals, validation and not-found in the language of Accept-Language, Chinese without it', async () => {
    expect(await msg('/ok')).toBe('操作成功');
    expect(await msg('/ok', 'en-US,en;q=0.9')).toBe('Success');
    expect(await msg('/refused')).toBe('数据不存在');
    expect(await msg('/refused', 'en')).toBe('The record does not exist');
    expect(await msg('/refused', 'zh-CN')).toBe('数据不存在');
    expect(await msg('/invalid?phone=12')).toBe('手机号码格式不正确');
    expect(await msg('/invalid?phone=12', 'en')).toBe('Malformed phone number');
    expect(await msg('/invalid', 'en')).toBe('Missing required parameter: phone');
    expect(await msg('/invalid')).toBe('缺少必要的请求参数: phone');
    expect(await msg('/nowhere')).toBe('404 没找到请求');
    expect(await msg('/nowhere', 'en')).toBe('404 Not found');
  });
});

describe('zod messages', () => {
  test('a LocalText survives zod; a plain string stands for both languages', () => {
    const text = { zh: '邮箱格式不正确', en: 'Malformed "email"' };
    expect(zodMessageText(zodMessage(text))).toEqual(text);
    expect(zodMessageText('plain')).toEqual({ zh: 'plain', en: 'plain' });
  });
});
