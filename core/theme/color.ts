import { generate, getRgbStr } from '@arco-design/color';

/**
 * The primary colour of the whole UI. Arco reads `--primary-1..10` (and `--link-*`) as `r,g,b`
 * triplets, so picking a colour is setting ten variables on <body>: no stylesheet is downloaded or
 * rewritten (the Vue original regex-replaced Element's CSS at runtime).
 */
export const defaultColor = '#409EFF';

/** Swatches offered by the colour picker; the first is the product default. */
export const presetColors = [
  '#409EFF',
  '#165DFF',
  '#1890FF',
  '#13C2C2',
  '#11A983',
  '#52C41A',
  '#FAAD14',
  '#FA541C',
  '#F5222D',
  '#EB2F96',
  '#722ED1',
  '#6959CD',
  '#2F54EB',
  '#304156',
] as const;

const hexPattern = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && hexPattern.test(value.trim());
}

/** Ten `r,g,b` strings, light or dark palette (the dark one is lighter so it stays readable on dark). */
export function primaryPalette(color: string, dark: boolean): string[] {
  return generate(color, { list: true, dark }).map((hex) => getRgbStr(hex));
}

export function applyPrimaryColor(color: string, dark: boolean, target: HTMLElement = document.body): void {
  const palette = primaryPalette(isHexColor(color) ? color : defaultColor, dark);
  palette.forEach((rgb, i) => {
    target.style.setProperty(`--primary-${i + 1}`, rgb);
    // Links follow the primary colour as they do in Arco's default tokens.
    target.style.setProperty(`--link-${i + 1}`, rgb);
  });
}
