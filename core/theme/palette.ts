import { generate, getRgbStr } from '@arco-design/color';
import type { Palettes } from './color';

/**
 * The palette generator (Arco's `@arco-design/color` with `color`, `color-convert`…, ~40 kB). Loaded on
 * demand by color.ts, only when a colour other than the default is picked or was stored without its palettes.
 */

/** Ten `r,g,b` strings, light or dark palette (the dark one is lighter so it stays readable on dark). */
export function primaryPalette(color: string, dark: boolean): string[] {
  return generate(color, { list: true, dark }).map((hex) => getRgbStr(hex));
}

export function primaryPalettes(color: string): Palettes {
  return { light: primaryPalette(color, false), dark: primaryPalette(color, true) };
}
