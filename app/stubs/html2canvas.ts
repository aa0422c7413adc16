/**
 * Stands in for html2canvas in the browser build (rsbuild.config.ts aliases the package here). G2's
 * renderer imports it for one feature, exporting a chart with its surrounding HTML as an image
 * (`toCanvas` / `downloadImage`), which no screen offers; the real package is 46 kB gzip of the chart
 * chunk. Calling it says so instead of drawing nothing.
 */
export default function html2canvas(): Promise<HTMLCanvasElement> {
  return Promise.reject(new Error('html2canvas is not in this build: charts are not exported as images.'));
}
