import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { currentMember } from '../auth/middleware';
import type { AppEnv, ServerContext } from '../context';
import { attachment } from '../excel';
import { bizError } from '../http/errors';
import type { LocalText } from '../i18n';
import { rData } from '../http/r';
import { MSG_IMAGE_TYPE } from './image-type';
import { describeRoute } from '../openapi/describe';
import { DOCUMENT_TYPES, sniffDocument } from './document-type';
import { FILE_LOCATION_COLUMNS, FILE_ROUTE, readObject, storeOf, storeUpload, type FileLocation } from './store';
import { MULTIPART_MARGIN, uploadBodyLimit, uploadedFile, uploadedImage } from './upload';

/** The avatar rule: jpg/png, at most 500 kB. */
export const MAX_IMAGE_BYTES = 500 * 1024;
const MSG_SIZE = { zh: '上传图片大小不能超过500KB', en: 'The image may not be larger than 500 KB' };

/** Documents offered for download (price lists, brochures): pdf, Office or a picture, at most 10 MB. */
export const MAX_ATTACH_BYTES = 10 * 1024 * 1024;
export const MSG_ATTACH_TYPE = { zh: '只能上传 pdf、Word、Excel、PowerPoint 或图片文件', en: 'Only pdf, Word, Excel, PowerPoint or image files can be uploaded' };
const MSG_ATTACH_SIZE = { zh: '上传文件大小不能超过10MB', en: 'The file may not be larger than 10 MB' };

const PUT_FILE = '/blade-resource/oss/endpoint/put-file';
const PUT_FILE_ATTACH = '/blade-resource/oss/endpoint/put-file-attach';

/**
 * Upload routes whose bodies may exceed the API-wide cap, with their own (below /api). The app applies
 * it in place of the API-wide one, before anything reads the body, so an oversized upload is cut off
 * while it streams in, with the route's message.
 */
export const UPLOAD_BODY_LIMITS: Readonly<Record<string, { maxSize: number; message: LocalText }>> = {
  [PUT_FILE_ATTACH]: uploadBodyLimit(MAX_ATTACH_BYTES, MSG_ATTACH_SIZE),
};

const bodyCap = (maxSize: number, message: LocalText) =>
  bodyLimit({ maxSize, onError: () => { throw bizError(message); } });

const FILE_NAME = new RegExp(`^[0-9a-f]{32}\\.(${Object.keys(DOCUMENT_TYPES).join('|')})$`);

/** A download's name: the uploader's, with the extension its bytes were found to be. */
function downloadName(original: string, extension: string): string {
  const base = original.replace(/\.[^.]*$/, '') || 'file';
  return `${base}.${extension}`;
}

/**
 * `POST /blade-resource/oss/endpoint/put-file` (multipart `file`): the bytes are checked on the server
 * (magic bytes, size), kept in `blade_attach`, and served back under a random, unguessable name so the
 * link works in an <img src> without a token. `put-file-attach` does the same for documents.
 */
export function ossRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  api.post(
    PUT_FILE,
    describeRoute({
      summary: { zh: '上传图片（头像）', en: 'Upload an image (an avatar)' },
      description: MSG_IMAGE_TYPE,
      multipart: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
      data: { type: 'object', properties: { link: { type: 'string' }, domain: { type: 'string' }, name: { type: 'string' }, originalName: { type: 'string' }, attachId: { type: 'string' } } },
    }),
    // Refuse oversized bodies while they stream in (multipart adds a little around the file).
    bodyCap(MAX_IMAGE_BYTES + MULTIPART_MARGIN, MSG_SIZE),
    async (c) => {
      const me = currentMember(c);
      const file = await uploadedImage(c, { maxBytes: MAX_IMAGE_BYTES, sizeMessage: MSG_SIZE });
      const stored = await storeUpload(ctx, me, file.bytes, file.type, file.name);
      const { link, name, originalName, attachId } = stored;
      return c.json(rData({ link, domain: new URL(c.req.url).origin, name, originalName, attachId }));
    },
  );

  api.post(
    PUT_FILE_ATTACH,
    describeRoute({
      summary: { zh: '上传附件（文档或图片）', en: 'Upload an attachment (a document or a picture)' },
      description: {
        zh: '任何已登录成员可调用。pdf、docx、xlsx、pptx、png 或 jpg，按文件内容判断类型，不超过 10MB。',
        en: 'Any signed-in member. A pdf, docx, xlsx, pptx, png or jpg, its type judged by its bytes, at most 10 MB.',
      },
      multipart: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
      data: {
        type: 'object',
        properties: {
          link: { type: 'string' },
          name: { type: 'string' },
          originalName: { type: 'string' },
          attachId: { type: 'string' },
          size: { type: 'integer' },
          extension: { type: 'string', enum: Object.keys(DOCUMENT_TYPES) },
        },
      },
    }),
    bodyCap(UPLOAD_BODY_LIMITS[PUT_FILE_ATTACH].maxSize, MSG_ATTACH_SIZE),
    async (c) => {
      const me = currentMember(c);
      const file = await uploadedFile(c, { maxBytes: MAX_ATTACH_BYTES, sizeMessage: MSG_ATTACH_SIZE });
      const type = sniffDocument(file.bytes);
      if (!type) throw bizError(MSG_ATTACH_TYPE);
      const stored = await storeUpload(ctx, me, file.bytes, type, file.name);
      const { link, name, originalName, attachId, size } = stored;
      return c.json(rData({ link, name, originalName, attachId, size, extension: type.extension }));
    },
  );

  // Public by its unguessable name (a directory look-up across tenants, like an object store's URL).
  api.get(
    `${FILE_ROUTE}/:name`,
    describeRoute({
      summary: { zh: '读取已上传的文件', en: 'An uploaded file' },
      description: { zh: '图片直接显示，文档作为下载。', en: 'Pictures are shown inline, documents are downloads.' },
      answer: { contentType: 'application/octet-stream', schema: { type: 'string', format: 'binary' } },
    }),
    async (c) => {
      const name = c.req.param('name');
      if (!FILE_NAME.test(name)) return c.notFound();
      const row = await ctx.db.system((tx) =>
        tx.one<FileLocation & { tenant_id: string; content_type: string; original_name: string; extension: string }>(
          `select tenant_id, ${FILE_LOCATION_COLUMNS}, content_type, original_name, extension from blade_attach where name = $1 and is_deleted = 0`,
          [name],
        ),
      );
      if (!row) return c.notFound();
      // A file in a store is read from the store it was put in, whichever is enabled now; gone from it: 404.
      let bytes: Uint8Array | null = row.bytes ? new Uint8Array(row.bytes) : null;
      if (!bytes && row.object_key) {
        const store = await ctx.db.tenant(row.tenant_id, (tx) => storeOf(tx, ctx, row.tenant_id, row));
        bytes = store ? await readObject(ctx, store, row.object_key) : null;
      }
      if (!bytes) return c.notFound();
      const headers: Record<string, string> = {
        'Content-Type': row.content_type,
        'Cache-Control': 'public, max-age=31536000, immutable', // a name never changes content
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'",
      };
      // Only pictures open in the browser; a document is saved (a PDF's scripts never run on our origin).
      if (!row.content_type.startsWith('image/')) {
        const fileName = downloadName(row.original_name || name, row.extension);
        headers['Content-Disposition'] = attachment(fileName.replace(/[^\x20-\x7e]|["\\]/g, '_'), fileName);
      }
      return c.body(new Uint8Array(bytes), 200, headers);
    },
  );
}
