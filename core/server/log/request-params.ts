import type { Context } from 'hono';
import { maskedFields, maskedFormText, maskedJsonText } from './mask';

/** Bodies larger than this are described by their size only: masking a megabyte of JSON is the request's cost. */
const READ_MAX = 64 * 1024;

/**
 * The body of a request that is over, as its log row keeps it (see mask.ts): JSON and urlencoded forms
 * masked, a multipart form's text fields masked and its files by name and size, anything else by its
 * size. Only a body the API's input guard has already read is looked at (Hono keeps it), so this never
 * reads a stream: a body refused for its size, or a request outside the API, logs none. A request without
 * a body (most GETs) is answered at once, without a promise: this runs on every call.
 */
export function loggedParams(c: Context): string | Promise<string> {
  const cache = c.req.bodyCache;
  if (!cache.arrayBuffer && !cache.formData) return '';
  return bodyParams(c, cache);
}

async function bodyParams(c: Context, cache: Context['req']['bodyCache']): Promise<string> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.includes('multipart/form-data')) {
    // Hono keeps promises there (its types say values): awaited either way.
    const form = cache.formData ? await Promise.resolve(cache.formData).catch(() => null) : null;
    return form ? maskedFields(form.entries()) : '';
  }
  if (!cache.arrayBuffer) return '';
  const bytes = await Promise.resolve(cache.arrayBuffer).catch(() => null);
  if (!bytes || bytes.byteLength === 0) return '';
  if (bytes.byteLength > READ_MAX) return `(${bytes.byteLength} bytes)`;
  const text = new TextDecoder().decode(bytes);
  if (type.includes('application/x-www-form-urlencoded')) return maskedFormText(text);
  if (type.includes('json') || /^\s*[[{]/.test(text)) return maskedJsonText(text);
  return `(${bytes.byteLength} bytes${type ? `, ${type.split(';')[0]}` : ''})`;
}
