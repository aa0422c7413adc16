import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from '@rstest/core';

/**
 * The guide cannot drift from the code: every fenced block marked with a file (```ts file=<path>) must be
 * that file, or a run of whole lines of it, character for character. The worked example's source files
 * must each be shown in full.
 */
const root = resolve(__dirname, '..');
const guide = readFileSync(join(__dirname, 'plugins.md'), 'utf8');
const fence = /^```[\w-]*[ \t]+file=(\S+)[^\n]*\n([\s\S]*?)^```[ \t]*$/gm;
const blocks = [...guide.matchAll(fence)].map((m) => ({ path: m[1]!, code: m[2]!.replace(/\n$/, '') }));

const source = (path: string) => readFileSync(join(root, path), 'utf8').replace(/\r\n/g, '\n').replace(/\n$/, '');

/** Whether `code` is the whole of `text` or consecutive whole lines of it. */
function isRegionOf(code: string, text: string): boolean {
  if (code === text) return true;
  const lines = text.split('\n');
  const wanted = code.split('\n');
  for (let i = 0; i + wanted.length <= lines.length; i++) {
    if (wanted.every((line, k) => lines[i + k] === line)) return true;
  }
  return false;
}

describe('docs/plugins.md', () => {
  it('embeds the worked example (the marker syntax still matches)', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(9);
  });

  it.each(blocks.map((b, i) => [`${i + 1}: ${b.path}`, b] as const))('block %s is the file, or lines of it', (_name, block) => {
    expect(existsSync(join(root, block.path)), `${block.path} does not exist`).toBe(true);
    expect(block.code.trim(), `an empty block for ${block.path}`).not.toBe('');
    expect(isRegionOf(block.code, source(block.path)), `the block for ${block.path} differs from the file: copy the file again`).toBe(true);
  });

  it('shows each source file of the notes plugin in full', () => {
    const whole = new Set(blocks.filter((b) => b.code === source(b.path)).map((b) => b.path));
    for (const file of ['index.ts', 'server.ts', 'screens/NotesPage.tsx']) {
      expect(whole.has(`plugins/notes/${file}`), `plugins/notes/${file} is not shown in full`).toBe(true);
    }
  });

  it('links only to headings that exist', () => {
    const slug = (heading: string) => heading.toLowerCase().replace(/[^\w\s-]/g, '').trim().replace(/\s+/g, '-');
    const anchors = new Set([...guide.matchAll(/^#+\s+(.+)$/gm)].map((m) => slug(m[1]!)));
    const links = [...guide.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]!);
    expect(links.filter((link) => !anchors.has(link))).toEqual([]);
  });
});
