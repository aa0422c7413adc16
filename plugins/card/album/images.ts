import sharp from 'sharp';
import { bizError, FILE_LINK_PREFIX, FILE_LOCATION_COLUMNS, fileBytes, isImageLink, makeThumbnail, MSG, sniffImage, storeFile, type FileLocation, type FileReadingContext, type LocalText, type StoringContext, type Thumbnail, type Tx } from '../../../core/sdk/server';
import { ALBUM_LIMITS, THUMB_WIDTH, type AlbumImage } from './entity';

/**
 * An album's pictures on the server: the `images` of a save checked, their thumbnails planned and made
 * (outside the write transaction: see `prepareImages`), then the album's picture rows brought in line with
 * them inside it (`replaceImages`), and read back for `detail` and the list.
 */

export const MSG_ALBUM = {
  noImages: { zh: '请上传至少一张图片', en: 'Please upload at least one picture' },
  tooManyImages: { zh: `每个相册最多${ALBUM_LIMITS.maxImages}张图片`, en: `An album holds at most ${ALBUM_LIMITS.maxImages} pictures` },
  badLink: (n: number): LocalText => ({ zh: `第${n}张图片的地址无效`, en: `Picture ${n}: the link is not valid` }),
  captionTooLong: (n: number): LocalText => ({
    zh: `第${n}张图片的说明不能超过${ALBUM_LIMITS.caption}个字符`,
    en: `Picture ${n}: the caption may not be longer than ${ALBUM_LIMITS.caption} characters`,
  }),
  missingFile: (n: number): LocalText => ({ zh: `第${n}张图片不存在或已被删除`, en: `Picture ${n} was not found among this tenant's files` }),
  notImage: (n: number): LocalText => ({ zh: `第${n}张图片不是jpg/png格式的图片`, en: `Picture ${n} is not a jpg/png image` }),
  noCompany: { zh: '所属公司不存在', en: 'The company does not exist' },
} as const;

/** One picture of a save, as checked. */
export interface ImageInput {
  link: string;
  caption: string;
}

/** A thumbnail already kept (or the link itself, for a picture kept elsewhere), with the picture's size. */
interface KnownThumb {
  thumbLink: string;
  width: number;
  height: number;
}

/** A thumbnail made for this save, not yet stored. */
interface MadeThumb {
  thumb: Thumbnail;
  width: number;
  height: number;
  originalName: string;
}

/** What a save's pictures need, worked out before its transaction: the pictures, and each link's thumbnail. */
export interface PreparedImages {
  images: ImageInput[];
  known: ReadonlyMap<string, KnownThumb>;
  made: ReadonlyMap<string, MadeThumb>;
}

const MAX_LINK = 500;
/** Pictures resized at once: sharp works on libuv's pool (4 threads); more would only queue and hold memory. */
const RESIZE_AT_ONCE = 4;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The `images` of a body, checked: 1 to 50 pictures, each an image link (ours or http(s)) and a caption of at most 200 characters. */
export function parseImages(raw: unknown): ImageInput[] {
  if (raw === undefined || raw === null) throw bizError(MSG_ALBUM.noImages);
  if (!Array.isArray(raw)) throw bizError(MSG.badFormat('images'));
  if (raw.length < ALBUM_LIMITS.minImages) throw bizError(MSG_ALBUM.noImages);
  if (raw.length > ALBUM_LIMITS.maxImages) throw bizError(MSG_ALBUM.tooManyImages);
  return raw.map((item, index) => {
    const n = index + 1;
    if (!isRecord(item)) throw bizError(MSG.badFormat('images'));
    const link = typeof item.link === 'string' ? item.link.trim() : '';
    if (!link || link.length > MAX_LINK || !isImageLink(link)) throw bizError(MSG_ALBUM.badLink(n));
    const caption = item.caption ?? '';
    if (typeof caption !== 'string') throw bizError(MSG.badFormat('images'));
    const trimmed = caption.trim();
    if ([...trimmed].length > ALBUM_LIMITS.caption) throw bizError(MSG_ALBUM.captionTooLong(n));
    return { link, caption: trimmed };
  });
}

const ownName = (link: string): string | undefined => (link.startsWith(FILE_LINK_PREFIX) ? link.slice(FILE_LINK_PREFIX.length) : undefined);

/** Runs `work` over `items`, at most `limit` at a time, keeping their order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** The picture's upright size (an EXIF rotation of a quarter turn swaps its sides). */
async function uprightSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  const meta = await sharp(bytes).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  return { width: (turned ? meta.height : meta.width) ?? 0, height: (turned ? meta.width : meta.height) ?? 0 };
}

/**
 * The thumbnails a save's pictures need. A link this tenant's albums already hold keeps the thumbnail it
 * has; a picture kept elsewhere (http(s)) is its own thumbnail; a file of ours is read from the tenant's
 * files (another tenant's file, a removed one or one that is no picture is refused) and resized. Reads go
 * through `read` (a short transaction of the caller's tenant); the resizing runs outside any.
 */
export async function prepareImages(
  raw: unknown,
  tenantId: string,
  read: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>,
  ctx: FileReadingContext,
): Promise<PreparedImages> {
  const images = parseImages(raw);
  const links = [...new Set(images.map((i) => i.link))];
  const numberOf = (link: string) => images.findIndex((i) => i.link === link) + 1;
  const { known, files } = await read(async (tx) => {
    const kept = await tx.query<{ link: string; thumb_link: string; width: number | null; height: number | null }>(
      `select distinct on (link) link, thumb_link, width, height from blade_case_album_image
        where tenant_id = $1 and link = any($2::text[]) order by link, id desc`,
      [tenantId, links.filter((l) => ownName(l) !== undefined)],
    );
    const known = new Map<string, KnownThumb>(kept.map((r) => [r.link, { thumbLink: r.thumb_link, width: r.width ?? 0, height: r.height ?? 0 }]));
    for (const link of links) if (ownName(link) === undefined) known.set(link, { thumbLink: link, width: 0, height: 0 });
    const wanted = links.filter((l) => !known.has(l));
    const rows = wanted.length
      ? await tx.query<FileLocation & { name: string; original_name: string | null }>(
          `select name, original_name, ${FILE_LOCATION_COLUMNS} from blade_attach where tenant_id = $1 and name = any($2::text[]) and is_deleted = 0`,
          [tenantId, wanted.map((l) => ownName(l)!)],
        )
      : [];
    const byName = new Map(rows.map((r) => [r.name, r]));
    const files = [];
    for (const link of wanted) {
      const row = byName.get(ownName(link)!);
      const bytes = row ? await fileBytes(tx, ctx, tenantId, row) : null;
      if (!row || !bytes) throw bizError(MSG_ALBUM.missingFile(numberOf(link)));
      if (!sniffImage(bytes)) throw bizError(MSG_ALBUM.notImage(numberOf(link)));
      files.push({ link, bytes, originalName: row.original_name || row.name });
    }
    return { known, files };
  });
  const made = await mapLimited(files, RESIZE_AT_ONCE, async ({ link, bytes, originalName }) => {
    try {
      const [thumb, size] = await Promise.all([makeThumbnail(bytes, { width: THUMB_WIDTH }), uprightSize(bytes)]);
      return [link, { thumb, ...size, originalName: `${originalName.replace(/\.[^.]*$/, '')}-${THUMB_WIDTH}.jpg` }] as const;
    } catch {
      throw bizError(MSG_ALBUM.notImage(numberOf(link)));
    }
  });
  return { images, known, made: new Map(made) };
}

/**
 * The album's picture rows made to match the save, in its transaction (the album row locked): a picture it
 * already holds keeps its row and thumbnail (its place and caption updated), a new one gets a row and
 * its thumbnail stored, and rows no longer sent are removed (logically, like the album).
 */
export async function replaceImages(tx: Tx, ctx: StoringContext, owner: { tenantId: string; userId: string }, albumId: string, prepared: PreparedImages): Promise<void> {
  const { tenantId } = owner;
  const held = await tx.query<{ id: string; link: string }>(
    `select id::text as id, link from blade_case_album_image where tenant_id = $1 and album_id = $2 and is_deleted = 0 order by sort, id`,
    [tenantId, albumId],
  );
  const free = new Map<string, string[]>();
  for (const row of held) free.set(row.link, [...(free.get(row.link) ?? []), row.id]);
  const thumbs = new Map(prepared.known);
  const kept: { id: string; sort: number; caption: string }[] = [];
  const added: { id: string; sort: number; link: string; thumb: KnownThumb; caption: string }[] = [];
  for (const [index, image] of prepared.images.entries()) {
    const reused = free.get(image.link)?.shift();
    if (reused) {
      kept.push({ id: reused, sort: index + 1, caption: image.caption });
      continue;
    }
    let thumb = thumbs.get(image.link);
    if (!thumb) {
      const made = prepared.made.get(image.link);
      if (!made) throw new Error(`Album ${albumId}: no thumbnail was prepared for ${image.link}.`);
      const stored = await storeFile(tx, ctx, owner, made.thumb.bytes, made.thumb.type, made.originalName);
      thumb = { thumbLink: stored.link, width: made.width, height: made.height };
      thumbs.set(image.link, thumb);
    }
    added.push({ id: ctx.ids.next(), sort: index + 1, link: image.link, thumb, caption: image.caption });
  }
  const gone = [...free.values()].flat();
  if (gone.length) {
    await tx.query(`update blade_case_album_image set is_deleted = 1 where tenant_id = $1 and id = any($2::bigint[])`, [tenantId, gone]);
  }
  if (kept.length) {
    await tx.query(
      `update blade_case_album_image i set sort = u.sort, caption = u.caption
         from unnest($2::bigint[], $3::int[], $4::text[]) as u(id, sort, caption)
        where i.id = u.id and i.tenant_id = $1`,
      [tenantId, kept.map((k) => k.id), kept.map((k) => k.sort), kept.map((k) => k.caption)],
    );
  }
  if (added.length) {
    await tx.query(
      `insert into blade_case_album_image (id, tenant_id, album_id, sort, link, thumb_link, caption, width, height)
       select u.id, $1, $2, u.sort, u.link, u.thumb_link, u.caption, u.width, u.height
         from unnest($3::bigint[], $4::int[], $5::text[], $6::text[], $7::text[], $8::int[], $9::int[]) as u(id, sort, link, thumb_link, caption, width, height)`,
      [
        tenantId,
        albumId,
        added.map((a) => a.id),
        added.map((a) => a.sort),
        added.map((a) => a.link),
        added.map((a) => a.thumb.thumbLink),
        added.map((a) => a.caption),
        added.map((a) => a.thumb.width || null),
        added.map((a) => a.thumb.height || null),
      ],
    );
  }
}

/** The pictures of albums of a tenant, each album's in order. */
export async function albumImages(tx: Tx, tenantId: string, albumIds: readonly string[]): Promise<Map<string, AlbumImage[]>> {
  const rows = albumIds.length
    ? await tx.query<{ id: string; album_id: string; link: string; thumb_link: string; caption: string | null; width: number | null; height: number | null }>(
        `select id::text as id, album_id::text as album_id, link, thumb_link, caption, width, height from blade_case_album_image
          where tenant_id = $1 and album_id = any($2::bigint[]) and is_deleted = 0 order by album_id, sort, id`,
        [tenantId, albumIds],
      )
    : [];
  const byAlbum = new Map<string, AlbumImage[]>();
  for (const r of rows) {
    const image: AlbumImage = { id: r.id, link: r.link, thumbLink: r.thumb_link, caption: r.caption ?? '', width: r.width ?? 0, height: r.height ?? 0 };
    byAlbum.set(r.album_id, [...(byAlbum.get(r.album_id) ?? []), image]);
  }
  return byAlbum;
}

/** Per album of a list page: how many pictures it holds, the first one's thumbnail, and its cover's thumbnail. */
export async function albumSummaries(
  tx: Tx,
  tenantId: string,
  albums: readonly { id: string; cover: string }[],
): Promise<Map<string, { count: number; firstThumb: string; coverThumb?: string }>> {
  const found = new Map<string, { count: number; firstThumb: string; coverThumb?: string }>();
  if (albums.length === 0) return found;
  const ids = albums.map((a) => a.id);
  const counts = await tx.query<{ album_id: string; count: number; first_thumb: string }>(
    `select album_id::text as album_id, count(*)::int as count, (array_agg(thumb_link order by sort, id))[1] as first_thumb
       from blade_case_album_image where tenant_id = $1 and album_id = any($2::bigint[]) and is_deleted = 0 group by album_id`,
    [tenantId, ids],
  );
  for (const r of counts) found.set(r.album_id, { count: r.count, firstThumb: r.first_thumb });
  const covered = albums.filter((a) => a.cover);
  if (covered.length) {
    // A cover chosen among the album's pictures is shown by that picture's thumbnail.
    const covers = await tx.query<{ album_id: string; thumb_link: string }>(
      `select distinct on (i.album_id) i.album_id::text as album_id, i.thumb_link
         from blade_case_album_image i join unnest($2::bigint[], $3::text[]) as c(album_id, link) on i.album_id = c.album_id and i.link = c.link
        where i.tenant_id = $1 and i.is_deleted = 0 order by i.album_id, i.sort`,
      [tenantId, covered.map((a) => a.id), covered.map((a) => a.cover)],
    );
    for (const r of covers) {
      const summary = found.get(r.album_id);
      if (summary) summary.coverThumb = r.thumb_link;
    }
  }
  return found;
}
