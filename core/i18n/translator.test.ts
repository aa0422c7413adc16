import { act, render, screen } from '@testing-library/react';
import { createElement, useEffect } from 'react';
import { Translator } from './translator';
import { i18n, registerMessages, useTranslation } from './index';

function translator() {
  const tr = new Translator<'zh' | 'en'>('zh');
  tr.addMessages('zh', { area: { hello: '你好，{{name}}', only: '只有中文', nested: { deep: '深' } } });
  tr.addMessages('en', { area: { hello: 'Hello, {{name}}', nested: { deep: 'Deep' } } });
  return tr;
}

describe('Translator', () => {
  it('looks a dotted key up in the current language and fills its placeholders', () => {
    const tr = translator();
    expect(tr.t('area.hello', { name: '张三' })).toBe('你好，张三');
    expect(tr.t('area.nested.deep')).toBe('深');
    void tr.changeLanguage('en');
    expect(tr.language).toBe('en');
    expect(tr.t('area.hello', { name: 'Ann' })).toBe('Hello, Ann');
  });

  it('falls back to the first language, then to the key itself', () => {
    const tr = translator();
    void tr.changeLanguage('en');
    expect(tr.t('area.only')).toBe('只有中文');
    expect(tr.t('area.missing')).toBe('area.missing');
    // A key naming a group, not a text, is missing too.
    expect(tr.t('area.nested')).toBe('area.nested');
  });

  it('keeps a placeholder whose value is not given, empties one given as nothing, never re-reads a value', () => {
    const tr = translator();
    expect(tr.t('area.hello')).toBe('你好，{{name}}');
    expect(tr.t('area.hello', { other: 1 })).toBe('你好，{{name}}');
    expect(tr.t('area.hello', { name: undefined })).toBe('你好，');
    expect(tr.t('area.hello', { name: null })).toBe('你好，');
    expect(tr.t('area.hello', { name: '{{name}}' })).toBe('你好，{{name}}');
    expect(tr.t('area.hello', { name: 42 })).toBe('你好，42');
  });

  it('answers in another language with lng, or with a fixed t that stays the same function', () => {
    const tr = translator();
    expect(tr.t('area.hello', { name: 'Ann', lng: 'en' })).toBe('Hello, Ann');
    expect(tr.language).toBe('zh');
    const en = tr.getFixedT('en');
    expect(en('area.nested.deep')).toBe('Deep');
    expect(tr.getFixedT('en')).toBe(en);
  });

  it('merges messages deeply: a later text replaces one key, its siblings stay', () => {
    const tr = translator();
    const added = { area: { nested: { deep: '更深', other: '别的' } } };
    tr.addMessages('zh', added);
    expect(tr.t('area.nested.deep')).toBe('更深');
    expect(tr.t('area.nested.other')).toBe('别的');
    expect(tr.t('area.only')).toBe('只有中文');
    // The catalogue keeps its own copy: changing the object given later changes nothing.
    added.area.nested.deep = 'changed';
    expect(tr.t('area.nested.deep')).toBe('更深');
  });

  it('finds a key that itself holds a dot', () => {
    const tr = new Translator<'zh'>('zh');
    tr.addMessages('zh', { theme: { 'theme.dark': '暗色' } });
    expect(tr.t('theme.theme.dark')).toBe('暗色');
  });

  it('tells its listeners of a change of language, once, until they stop listening', async () => {
    const tr = translator();
    const heard: string[] = [];
    const stop = tr.on('languageChanged', (lng) => heard.push(lng));
    expect(await tr.changeLanguage('en')).toBe(tr.t);
    await tr.changeLanguage('en');
    stop();
    await tr.changeLanguage('zh');
    expect(heard).toEqual(['en']);
  });
});

describe('useTranslation', () => {
  afterEach(() => act(() => void i18n.changeLanguage('zh')));

  it('renders again in the new language, with a new t that dependent hooks see', async () => {
    registerMessages({ zh: { i18ntest: { title: '标题' } }, en: { i18ntest: { title: 'Title' } } });
    const effects: string[] = [];
    function Probe() {
      const { t } = useTranslation();
      useEffect(() => void effects.push(t('i18ntest.title')), [t]);
      return createElement('h1', null, t('i18ntest.title'));
    }
    render(createElement(Probe));
    expect(screen.getByRole('heading').textContent).toBe('标题');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('heading').textContent).toBe('Title');
    expect(effects).toEqual(['标题', 'Title']);
  });
});
