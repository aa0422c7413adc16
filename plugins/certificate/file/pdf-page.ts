import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';

/**
 * The pdf.js boundary of the certificate preview, loaded only when a preview opens: pdf.js and its worker
 * are large and no other screen needs them.
 */

let worker: Worker | null = null;

/** One parsing worker for the page's life, started on first use. */
function ensureWorker(): void {
  if (GlobalWorkerOptions.workerPort) return;
  worker ??= new Worker(new URL('./pdf-worker.ts', import.meta.url), { type: 'module' });
  GlobalWorkerOptions.workerPort = worker;
}

/** A parsed PDF, to draw and then to let go. */
export interface LoadedPdf {
  pages: number;
  /** Draws page 1 on the canvas to fit `maxWidth` × `maxHeight` CSS pixels, sharp on the screen's pixel ratio. */
  drawFirstPage(canvas: HTMLCanvasElement, maxWidth: number, maxHeight: number): Promise<{ width: number; height: number }>;
  destroy(): void;
}

export async function loadPdf(bytes: Uint8Array): Promise<LoadedPdf> {
  ensureWorker();
  // No eval (the Content-Security-Policy has none) and nothing fetched from elsewhere: the certificate
  // embeds its fonts.
  const task = getDocument({ data: bytes, isEvalSupported: false, disableFontFace: false, useSystemFonts: false });
  const pdf: PDFDocumentProxy = await task.promise;
  return {
    pages: pdf.numPages,
    async drawFirstPage(canvas, maxWidth, maxHeight) {
      const page = await pdf.getPage(1);
      const natural = page.getViewport({ scale: 1 });
      const fit = Math.min(maxWidth / natural.width, maxHeight / natural.height);
      const ratio = Math.min(window.devicePixelRatio || 1, 3);
      const viewport = page.getViewport({ scale: fit * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      const width = Math.floor(viewport.width / ratio);
      const height = Math.floor(viewport.height / ratio);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
      await page.render({ canvas, viewport }).promise;
      return { width, height };
    },
    destroy: () => void task.destroy(),
  };
}
