// pdf.js's parsing worker, bundled as a worker of our own origin (the page's Content-Security-Policy
// allows scripts and workers from it alone); it starts listening to the page as it loads.
import 'pdfjs-dist/build/pdf.worker.min.mjs';
