/** The colours of a chart: the app's primary colour first, then ones that read on the theme's background. */
export interface ChartPalette {
  primary: string;
  /** For the second series, the other slices, and so on. */
  others: readonly string[];
}

// Arco's orange, cyan, purple and magenta at step 6: the light palette's, and the dark palette's (lighter,
// so they keep their contrast on a dark background).
const LIGHT_OTHERS = ['#FF7D00', '#14C9C9', '#722ED1', '#F5319D'];
const DARK_OTHERS = ['#FF9626', '#3FD4CF', '#8E51DA', '#F756A9'];

export function chartPalette(primary: string, dark: boolean): ChartPalette {
  return { primary, others: dark ? DARK_OTHERS : LIGHT_OTHERS };
}

/** The palette as one list, primary first: a chart of many series cycles through it. */
export const paletteColors = (palette: ChartPalette): string[] => [palette.primary, ...palette.others];
