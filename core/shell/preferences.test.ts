import { beforeAll, describe, expect, it } from '@rstest/core';
import { waitFor } from '@testing-library/react';
import { getRgbStr, generate } from '@arco-design/color';
import { setTestSite } from '../testing/site';
import { i18n } from '../i18n';
import { getStore, removeStore, setStore } from '../session/storage';
import { preferences, screenClass } from './preferences';

beforeAll(() => {
  setTestSite();
  preferences.restore();
});

describe('screenClass', () => {
  it('follows the 768 / 992 / 1200 breakpoints', () => {
    expect(screenClass(320)).toBe(0);
    expect(screenClass(767)).toBe(0);
    expect(screenClass(768)).toBe(1);
    expect(screenClass(991)).toBe(1);
    expect(screenClass(992)).toBe(2);
    expect(screenClass(1199)).toBe(2);
    expect(screenClass(1200)).toBe(3);
    expect(screenClass(2560)).toBe(3);
  });

  it('is kept in the store as the width changes', () => {
    preferences.setScreenWidth(800);
    expect(preferences.screen).toBe(1);
    preferences.setScreenWidth(1300);
    expect(preferences.screen).toBe(3);
  });
});

describe('preferences', () => {
  it('starts from the site defaults', () => {
    expect(preferences.theme).toBe('theme-default');
    expect(preferences.color).toBe('#409EFF');
    expect(preferences.language).toBe('zh');
    expect(document.body.classList.contains('theme-default')).toBe(true);
  });

  it('switches the theme: body class, Arco dark mode, stored choice', () => {
    preferences.setTheme('theme-dark');
    expect(document.body.classList.contains('theme-dark')).toBe(true);
    expect(document.body.classList.contains('theme-default')).toBe(false);
    expect(document.body.getAttribute('arco-theme')).toBe('dark');
    expect(getStore('themeName')).toBe('theme-dark');
    preferences.setTheme('theme-white');
    expect(document.body.className).toContain('theme-white');
    expect(document.body.hasAttribute('arco-theme')).toBe(false);
  });

  // First of the colour tests: the palette generator is not loaded yet, as in a fresh page.
  it('at start, shows the default palette until an unknown colour has been generated', async () => {
    setStore({ name: 'colorName', content: '#EB2F96' });
    removeStore('colorPalette');
    preferences.restore();
    expect(document.body.style.getPropertyValue('--primary-6')).toBe('64,158,255');
    await waitFor(() => expect(document.body.style.getPropertyValue('--primary-6')).toBe(getRgbStr('#EB2F96')));
    expect(getStore<{ color: string }>('colorPalette')!.color).toBe('#EB2F96');
    await preferences.setColor('#409EFF');
    expect(document.body.style.getPropertyValue('--primary-6')).toBe('64,158,255');
  });

  it('applies the colour as the Arco primary palette and re-applies it for dark', async () => {
    await preferences.setTheme('theme-default');
    await preferences.setColor('#13C2C2');
    expect(getStore('colorName')).toBe('#13C2C2');
    expect(document.body.style.getPropertyValue('--primary-6')).toBe(getRgbStr('#13C2C2'));
    const light1 = document.body.style.getPropertyValue('--primary-1');
    await preferences.setTheme('theme-dark');
    const dark1 = getRgbStr(generate('#13C2C2', { list: true, dark: true })[0]);
    expect(document.body.style.getPropertyValue('--primary-1')).toBe(dark1);
    expect(dark1).not.toBe(light1);
    await preferences.setColor('not a colour');
    expect(preferences.color).toBe('#13C2C2');
    await preferences.setTheme('theme-default');
    await preferences.setColor('#409EFF');
    expect(document.body.style.getPropertyValue('--primary-6')).toBe('64,158,255');
  });

  it("stores a picked colour's palettes beside it and re-applies them at start without the generator", async () => {
    await preferences.setColor('#722ED1');
    const stored = getStore<{ color: string; light: string[]; dark: string[] }>('colorPalette')!;
    expect(stored.color).toBe('#722ED1');
    expect(stored.light).toEqual(generate('#722ED1', { list: true }).map((hex: string) => getRgbStr(hex)));
    expect(stored.dark).toEqual(generate('#722ED1', { list: true, dark: true }).map((hex: string) => getRgbStr(hex)));
    // A made-up stored palette proves that restore() uses the stored values as they are, synchronously.
    setStore({ name: 'colorPalette', content: { ...stored, light: Array(10).fill('1,2,3') } });
    document.body.style.removeProperty('--primary-6');
    preferences.restore();
    expect(document.body.style.getPropertyValue('--primary-6')).toBe('1,2,3');
    removeStore('colorPalette');
    await preferences.setColor('#409EFF');
  });

  it('switches the language of i18n and stores it under "language"', async () => {
    preferences.setLanguage('en');
    expect(i18n.language).toBe('en');
    expect(getStore('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    preferences.setLanguage('zh');
    expect(i18n.language).toBe('zh');
  });

  it('restores stored choices', async () => {
    await preferences.setTheme('theme-lte');
    await preferences.setColor('#722ED1');
    preferences.setCollapse(true);
    document.body.className = '';
    preferences.restore();
    expect(preferences.theme).toBe('theme-lte');
    expect(preferences.collapse).toBe(true);
    expect(document.body.classList.contains('theme-lte')).toBe(true);
    expect(document.body.style.getPropertyValue('--primary-6')).toBe(getRgbStr('#722ED1'));
    await preferences.setTheme('theme-default');
    await preferences.setColor('#409EFF');
    preferences.setCollapse(false);
  });

  it('opens and closes the menu search', () => {
    preferences.openSearch();
    expect(preferences.searchOpen).toBe(true);
    preferences.closeSearch();
    expect(preferences.searchOpen).toBe(false);
  });
});
