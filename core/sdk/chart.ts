/**
 * The chart kit: a G2 chart that follows the theme and its box, and the palette charts share. Kept out of
 * core/sdk/browser so that a screen without charts never pulls G2's types or code into its chunk; G2
 * itself is downloaded when the first chart mounts.
 */
export { G2Chart, type G2ChartProps } from '../chart-kit/G2Chart';
export { chartPalette, paletteColors, type ChartPalette } from '../chart-kit/palette';
export type { G2Spec } from '@antv/g2';
