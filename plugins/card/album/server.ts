import { bizError, entityValidator, namesById, str, type CrudHooks, type Migration, type ServerParts, type StoringContext } from '../../../core/sdk/server';
import { holdLiveCompany } from '../company/rules';
import { albumEntity } from './entity';
import { albumImages, albumSummaries, MSG_ALBUM, prepareImages, replaceImages, type PreparedImages } from './images';
import { seedAlbums } from './seed';

/**
 * Case albums on the engine (`/api/case/album/page|detail|save|update|remove`). A save carries the
 * pictures as `images: [{ link, caption }]`, kept in rows of their own: the hooks check them and make the
 * new pictures' thumbnails before the save's transaction (`prepare`), then put the rows in line inside it,
 * the album row locked so that two saves of one album never mix their pictures. `detail` answers them in
 * order with their thumbnails; the list adds each album's picture count, cover thumbnail and company name.
 */

const imageTable: Migration = {
  id: 'album_001_images',
  sql: `
    create table if not exists blade_case_album_image (
      id bigint primary key,
      tenant_id varchar(12) not null,
      album_id bigint not null,
      sort integer not null,
      link varchar(500) not null,
      thumb_link varchar(500) not null,
      caption varchar(200),
      width integer,
      height integer,
      is_deleted integer not null default 0
    );
    create index if not exists blade_case_album_image_album on blade_case_album_image (tenant_id, album_id, sort) where is_deleted = 0;
    create index if not exists blade_case_album_image_link on blade_case_album_image (tenant_id, link);
  `,
};

/** The pictures a save prepared, by its body (the engine hands the same object to every hook of the save). */
const preparedBy = new WeakMap<object, PreparedImages>();

/** An update may leave the pictures out (they stay as they are); an add may not. */
const sendsImages = (body: Readonly<Record<string, unknown>>, mode: 'add' | 'edit') => mode === 'add' || Object.hasOwn(body, 'images');

export function albumHooks(ctx: StoringContext): CrudHooks {
  const validator = entityValidator(albumEntity);
  return {
    async prepare({ user, mode, body, read }) {
      // The fields' own messages come first, before any picture is read or resized.
      validator.parse(body, mode);
      if (sendsImages(body, mode)) preparedBy.set(body, await prepareImages(body.images, user.tenantId, read, ctx));
    },
    async beforeValidate({ tx, user, mode, body }) {
      // A save the engine did not prepare (never, through its endpoints) prepares here, in the transaction.
      if (sendsImages(body, mode) && !preparedBy.has(body)) preparedBy.set(body, await prepareImages(body.images, user.tenantId, (work) => work(tx), ctx));
    },
    async beforeChange({ tx, user, mode, values, id }) {
      if (mode === 'edit') {
        // Saves of one album take turns from here to their commit: the pictures they write never mix.
        await tx.query('select id from blade_case_album where id = $1 and tenant_id = $2 and is_deleted = 0 for update', [id, user.tenantId]);
      } else {
        values.viewCount = 0;
      }
      // Held so that the company cannot be removed before this save commits.
      const companyId = values.companyId;
      if (typeof companyId === 'string' && !(await holdLiveCompany(tx, user.tenantId, companyId))) throw bizError(MSG_ALBUM.noCompany);
    },
    async afterChange({ tx, user, id, body }) {
      const prepared = preparedBy.get(body);
      if (prepared) await replaceImages(tx, ctx, user, id, prepared);
    },
    async beforeDelete({ tx, user, ids }) {
      await tx.query('update blade_case_album_image set is_deleted = 1 where tenant_id = $1 and album_id = any($2::bigint[]) and is_deleted = 0', [user.tenantId, ids]);
    },
    async afterRead({ tx, user, rows, action }) {
      const albums = rows.map((row) => ({ id: str(row.id), cover: str(row.cover) }));
      const summaries = await albumSummaries(tx, user.tenantId, albums);
      const pictures = action === 'detail' ? await albumImages(tx, user.tenantId, albums.map((a) => a.id)) : undefined;
      const names = await namesById(ctx.extensions.names.company, tx, user.tenantId, rows.map((row) => str(row.companyId)));
      for (const row of rows) {
        const id = str(row.id);
        const summary = summaries.get(id);
        row.imageCount = summary?.count ?? 0;
        // The list's picture of the album: its cover (by its thumbnail when it is one of the album's pictures), else the first picture's.
        row.coverThumb = str(row.cover) ? (summary?.coverThumb ?? str(row.cover)) : (summary?.firstThumb ?? '');
        row.companyName = names.get(str(row.companyId)) ?? '';
        if (pictures) row.images = pictures.get(id) ?? [];
      }
    },
  };
}

export const albumServer: ServerParts = {
  migrations: [imageTable],
  resources: { album: (ctx) => ({ hooks: albumHooks(ctx) }) },
  seed: seedAlbums,
};
