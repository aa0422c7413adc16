/**
 * The primary colour of the whole UI. Arco reads `--primary-1..10` (and `--link-*`) as `r,g,b`
 * triplets, so picking a colour is setting ten variables on <body>: no stylesheet is downloaded or
 * rewritten (the Vue original regex-replaced Element's CSS at runtime).
 *
 * The palettes are made by Arco's generator (palette.ts), which is not in the entry chunk: the default
 * colour's palettes are constants below, and a picked colour's palettes are stored with it (see
 * preferences.ts), so the first paint never waits for the generator.
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

/** Same colour, whatever the case or spaces (`#409eff` is `#409EFF`). */
export function sameColor(a: string, b: string): boolean {
  return a.trim().toUpperCase() === b.trim().toUpperCase();
}

/** Ten `r,g,b` strings (`--primary-1` … `--primary-10`). */
export type Palette = readonly string[];

/** The light and the dark palette of one colour (the dark one is lighter so it reads on dark). */
export interface Palettes {
  light: Palette;
  dark: Palette;
}

/**
 * The default colour's palettes, as `generate('#409EFF', { list: true, dark })` makes them (a unit test
 * checks that they still are).
 */
export const defaultPalettes: Palettes = {
  light: ['232,247,255', '198,234,255', '165,219,255', '131,201,255', '98,182,255', '64,158,255', '40,119,210', '21,84,166', '8,53,121', '0,28,77'],
  dark: ['0,28,77', '5,51,121', '22,84,166', '46,122,210', '79,166,255', '102,184,255', '135,203,255', '169,220,255', '202,235,255', '235,248,255'],
};

const rgbPattern = /^\d{1,3},\d{1,3},\d{1,3}$/;

export function isPalette(value: unknown): value is Palette {
  return Array.isArray(value) && value.length === 10 && value.every((v) => typeof v === 'string' && rgbPattern.test(v));
}

export function isPalettes(value: unknown): value is Palettes {
  const v = value as Partial<Palettes> | null;
  return typeof v === 'object' && v !== null && isPalette(v.light) && isPalette(v.dark);
}

/** Sets `--primary-1..10` and `--link-1..10` (links follow the primary colour, as in Arco's tokens). */
export function applyPalette(palette: Palette, target: HTMLElement = document.body): void {
  palette.forEach((rgb, i) => {
    target.style.setProperty(`--primary-${i + 1}`, rgb);
    target.style.setProperty(`--link-${i + 1}`, rgb);
  });
}

type Generator = typeof import('./palette');
let generator: Generator | null = null;
let loadingGenerator: Promise<Generator> | null = null;

/** Fetches the palette generator (once; a failed download is tried again on the next call). */
export function loadPaletteGenerator(): Promise<Generator> {
  loadingGenerator ??= import('./palette').then(
    (m) => (generator = m),
    (error: unknown) => {
      loadingGenerator = null;
      throw error;
    },
  );
  return loadingGenerator;
}

/**
 * The palettes of `color` if they can be had without waiting: the default colour's constants, or
 * generated when the generator is already loaded. Null means "call primaryPalettes()".
 */
export function palettesNow(color: string): Palettes | null {
  if (sameColor(color, defaultColor)) return defaultPalettes;
  return generator ? generator.primaryPalettes(color) : null;
}

/** The palettes of `color`, loading the generator if needed. */
export async function primaryPalettes(color: string): Promise<Palettes> {
  return palettesNow(color) ?? (await loadPaletteGenerator()).primaryPalettes(color);
}
