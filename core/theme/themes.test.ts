import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@rstest/core';
import { generate, getRgbStr } from '@arco-design/color';
import { applyPalette, defaultPalettes, isHexColor, isPalettes, loadPaletteGenerator, palettesNow, presetColors, primaryPalettes, sameColor } from './color';
import { primaryPalette } from './palette';
import { applyTheme, normalizeTheme, themes } from './themes';

describe('themes', () => {
  it('lists the eleven themes of the spec with their zh labels', () => {
    expect(themes.map((t) => t.id)).toEqual(['default', 'white', 'dark', 'star', 'bule', 'iview', 'vip', 'cool', 'd2', 'hey', 'lte']);
    expect(themes.map((t) => t.label.zh)).toEqual([
      '默认主题', '白色主题', '黑色主题', '炫彩主题', '智能主题', 'iview主题', 'vip主题', 'cool主题', 'd2主题', 'hey主题', 'lte主题',
    ]);
    expect(themes.every((t) => t.label.en && t.name === `theme-${t.id}`)).toBe(true);
    expect(themes.filter((t) => t.dark).map((t) => t.id)).toEqual(['dark']);
  });

  it('normalizes stored values', () => {
    expect(normalizeTheme('theme-white')).toBe('theme-white');
    expect(normalizeTheme('white')).toBe('theme-white');
    expect(normalizeTheme('default')).toBe('theme-default');
    expect(normalizeTheme('nope')).toBe('theme-default');
    expect(normalizeTheme(42, 'theme-lte')).toBe('theme-lte');
  });

  it('swaps the theme class on <body>, keeps other classes, and switches Arco dark mode', () => {
    const body = document.createElement('div');
    body.className = 'keep-me theme-white';
    applyTheme('theme-dark', body);
    expect(body.classList.contains('theme-dark')).toBe(true);
    expect(body.classList.contains('theme-white')).toBe(false);
    expect(body.classList.contains('keep-me')).toBe(true);
    expect(body.getAttribute('arco-theme')).toBe('dark');
    applyTheme('theme-cool', body);
    expect(body.getAttribute('arco-theme')).toBeNull();
    expect(body.className).toBe('keep-me theme-cool');
  });

  it('defines every shell variable for every theme in themes.css', () => {
    const css = readFileSync(join(__dirname, 'themes.css'), 'utf8');
    for (const t of themes.filter((th) => th.id !== 'default')) expect(css).toContain(`body.theme-${t.id} {`);
    for (const v of ['sidebar-bg', 'sidebar-text', 'sidebar-active-bg', 'sidebar-active-text', 'logo-bg', 'logo-text', 'header-bg', 'header-text', 'tabs-bg']) {
      expect(css).toContain(`--ba-${v}:`);
    }
    // The starry theme is drawn with gradients, not an image file.
    expect(css).not.toMatch(/url\(/);
    expect(css).toContain('linear-gradient(120deg, #25aff3, #008ad3)');
  });
});

describe('primary colour', () => {
  it('offers #409EFF first and validates hex colours', () => {
    expect(presetColors[0]).toBe('#409EFF');
    expect(isHexColor('#409eff')).toBe(true);
    expect(isHexColor('#fff')).toBe(true);
    expect(isHexColor('409eff')).toBe(false);
    expect(isHexColor('#12345g')).toBe(false);
  });

  it('makes ten r,g,b triplets whose sixth is the colour itself', () => {
    const palette = primaryPalette('#409EFF', false);
    expect(palette).toHaveLength(10);
    for (const rgb of palette) expect(rgb).toMatch(/^\d{1,3},\d{1,3},\d{1,3}$/);
    expect(palette[5]).toBe(getRgbStr('#409EFF'));
    expect(primaryPalette('#409EFF', true)).not.toEqual(palette);
  });

  it("keeps the default colour's palettes as constants equal to the generator's output", () => {
    for (const dark of [false, true]) {
      const generated = generate('#409EFF', { list: true, dark }).map((hex) => getRgbStr(hex));
      expect(dark ? defaultPalettes.dark : defaultPalettes.light).toEqual(generated);
    }
    expect(isPalettes(defaultPalettes)).toBe(true);
    // Known without the generator, whatever the case.
    expect(palettesNow('#409eff')).toBe(defaultPalettes);
  });

  it('generates the palettes of any other colour on demand', async () => {
    const palettes = await primaryPalettes('#13C2C2');
    expect(palettes.light).toEqual(primaryPalette('#13C2C2', false));
    expect(palettes.dark).toEqual(primaryPalette('#13C2C2', true));
    await loadPaletteGenerator();
    expect(palettesNow('#13C2C2')).toEqual(palettes); // synchronous once the generator is loaded
    expect(sameColor(' #13c2c2', '#13C2C2')).toBe(true);
  });

  it('sets --primary-1..10 and --link-1..10 on the target', async () => {
    const el = document.createElement('div');
    applyPalette((await primaryPalettes('#F5222D')).light, el);
    expect(el.style.getPropertyValue('--primary-6')).toBe(getRgbStr('#F5222D'));
    expect(el.style.getPropertyValue('--link-6')).toBe(getRgbStr('#F5222D'));
    for (let i = 1; i <= 10; i++) expect(el.style.getPropertyValue(`--primary-${i}`)).toMatch(/^\d+,\d+,\d+$/);
  });
});
