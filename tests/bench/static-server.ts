/**
 * A static server for another app's build (the bench's comparison with Arco Design Pro): every file of the
 * folder read and compressed once at start (brotli and gzip at their best, as our server ends up serving
 * its own build), answered by what the browser accepts; any other GET gets index.html (a single-page
 * app's routes). Run as its own process, like our server, so neither shares the bench's event loop:
 *   tsx tests/bench/static-server.ts <folder>   (prints "listening <url>")
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface StaticFile {
  type: string;
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};
const COMPRESSIBLE = /^(text\/|application\/json|image\/svg)/;

function readFolder(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      const type = TYPES[extname(path)] ?? 'application/octet-stream';
      const raw = readFileSync(path);
      const packed = COMPRESSIBLE.test(type) && raw.length > 1024;
      files.set(`/${relative(root, path).split(sep).join('/')}`, {
        type,
        raw,
        br: packed ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : raw,
        gzip: packed ? gzipSync(raw, { level: 9 }) : raw,
      });
    }
  };
  walk(root);
  return files;
}

function serve(root: string): void {
  const files = readFolder(root);
  const index = files.get('/index.html');
  if (!index) throw new Error(`${root} has no index.html`);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = files.get(path) ?? (extname(path) ? undefined : index);
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404).end();
      return;
    }
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const [encoding, body] = file.br !== file.raw && /\bbr\b/.test(accepts) ? ['br', file.br] : file.gzip !== file.raw && /\bgzip\b/.test(accepts) ? ['gzip', file.gzip] : [undefined, file.raw];
    res.writeHead(200, { 'content-type': file.type, 'content-length': body.length, vary: 'accept-encoding', ...(encoding ? { 'content-encoding': encoding } : {}) });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    console.log(`listening http://127.0.0.1:${port}`);
  });
}

export interface StaticServer {
  url: string;
  stop(): void;
}

/** Starts this file as a child process serving `folder`; resolves once it listens. */
export function startStaticServer(folder: string): Promise<StaticServer> {
  const root = resolve(import.meta.dirname, '..', '..');
  const child = spawn(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(import.meta.dirname, 'static-server.ts'), resolve(folder)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((done, fail) => {
    const seen = (chunk: Buffer) => {
      output += chunk;
      const url = /listening (\S+)/.exec(output)?.[1];
      if (url) done({ url, stop: () => child.kill() });
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.once('exit', (code) => fail(new Error(`the static server for ${folder} exited (${code}):\n${output}`)));
  });
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const folder = process.argv[2];
  if (!folder) throw new Error('usage: tsx tests/bench/static-server.ts <folder>');
  serve(folder);
}
