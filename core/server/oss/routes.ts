import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { currentMember } from '../auth/middleware';
import type { AppEnv, ServerContext } from '../context';
import { ApiError, bizError, missingParam } from '../http/errors';
import { MSG } from '../http/messages';
import { rData } from '../http/r';
import { MSG_IMAGE_TYPE, sniffImage } from './image-type';
import { describeRoute } from '../openapi/describe';
import { FILE_ROUTE, storeFile } from './store';

/** The avatar rule: jpg/png, at most 500 kB. */
export const MAX_IMAGE_BYTES = 500 * 1024;
const MSG_SIZE = { zh: '上传图片大小不能超过500KB', en: 'The image may not be larger than 500 KB' };

/**
 * `POST /blade-resource/oss/endpoint/put-file` (multipart `file`): the bytes are checked on the server
 * (magic bytes, size), kept in `blade_attach`, and served back under a random, unguessable name so the
 * link works in an <img src> without a token.
 */
export function ossRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.post(
    '/blade-resource/oss/endpoint/put-file',
    describeRoute({
      summary: { zh: '上传图片（头像）', en: 'Upload an image (an avatar)' },
      description: MSG_IMAGE_TYPE,
      multipart: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
      data: { type: 'object', properties: { link: { type: 'string' }, domain: { type: 'string' }, name: { type: 'string' }, originalName: { type: 'string' }, attachId: { type: 'string' } } },
    }),
    // Refuse oversized bodies while they stream in (multipart adds a little around the file).
    bodyLimit({ maxSize: MAX_IMAGE_BYTES + 16 * 1024, onError: () => { throw bizError(MSG_SIZE); } }),
    async (c) => {
      const me = currentMember(c);
      let body: Record<string, unknown>;
      try {
        body = await c.req.parseBody();
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw bizError(MSG.needMultipart);
      }
      const file = body.file;
      if (!(file instanceof File)) throw missingParam('file');
      if (file.size > MAX_IMAGE_BYTES) throw bizError(MSG_SIZE);
      const bytes = new Uint8Array(await file.arrayBuffer());
      const type = sniffImage(bytes);
      if (!type) throw bizError(MSG_IMAGE_TYPE);
      const stored = await ctx.db.tenant(me.tenantId, (tx) => storeFile(tx, ctx, me, bytes, type, file.name));
      const { link, name, originalName, attachId } = stored;
      return c.json(rData({ link, domain: new URL(c.req.url).origin, name, originalName, attachId }));
    },
  );

  // Public by its unguessable name (a directory look-up across tenants, like an object store's URL).
  api.get(`${FILE_ROUTE}/:name`, describeRoute({ summary: { zh: '读取已上传的图片', en: 'An uploaded image' }, answer: { contentType: 'image/png', schema: { type: 'string', format: 'binary' } } }), async (c) => {
    const name = c.req.param('name');
    if (!/^[0-9a-f]{32}\.(png|jpg)$/.test(name)) return c.notFound();
    const row = await ctx.db.system((tx) =>
      tx.one<{ bytes: Uint8Array; content_type: string }>('select bytes, content_type from blade_attach where name = $1 and is_deleted = 0', [name]),
    );
    if (!row) return c.notFound();
    return c.body(new Uint8Array(row.bytes), 200, {
      'Content-Type': row.content_type,
      'Cache-Control': 'public, max-age=31536000, immutable', // a name never changes content
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'",
    });
  });
}
