import type { LocalText } from '../../../core/sdk/shared';

/**
 * Text from a table (comments, sample values) written into TypeScript: always as a string literal, escaped,
 * or as comment text that cannot close its comment. Nothing from the table is ever written as code.
 */

/** A single-quoted string literal of any text (quotes, backslashes, line breaks, control characters). */
export function tsString(text: string): string {
  let out = "'";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === "'") out += "\\'";
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}'`;
}

/** `{ zh: '…', en: '…' }`. */
export const tsLocal = (text: LocalText): string => `{ zh: ${tsString(text.zh)}, en: ${tsString(text.en)} }`;

/** A property key: bare when it is an identifier, quoted otherwise. */
export const tsKey = (key: string): string => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : tsString(key));

/** A JSON-like value (strings, numbers, null, arrays, plain objects) as a TypeScript expression on one line. */
export function tsValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return tsString(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(tsValue).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return entries.length ? `{ ${entries.map(([k, v]) => `${tsKey(k)}: ${tsValue(v)}`).join(', ')} }` : '{}';
}

/** Text for inside a comment, on one line: it cannot end the comment, and line breaks become spaces. */
export function commentText(text: string): string {
  return text
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(/\*\//g, '* /')
    .replace(/\/\*/g, '/ *')
    .split('')
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
}
