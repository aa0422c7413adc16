import type { ReactNode } from 'react';
import { i18n } from '../i18n';
import type { FieldDef } from '../schema/entity';
import { ImagesWall } from './controls/ImagesWall';
import { ImageThumb } from './controls/ImageTile';
import { ImageUpload } from './controls/ImageUpload';
import { RichTextView } from './controls/RichTextView';
import { linkList } from './controls/upload';
import { fieldLabel } from './fields';
import './controls/controls.css';

/** How many pictures a table cell shows before "+n". */
const CELL_PICTURES = 3;
/** How much of rich text's words a table cell shows. */
const CELL_TEXT = 80;

/** Fields whose cell is pictures: no text tooltip over them. */
export const picturesCell = (field: FieldDef): boolean => field.type === 'image' || field.type === 'images';

const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * A table cell of a field whose value is not text to read (pictures as small thumbnails, rich text as its
 * words, shortened); undefined for the other types (their text is the cell).
 */
export function typeCell(field: FieldDef, value: unknown, text: string): ReactNode | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const label = fieldLabel(field);
  switch (field.type) {
    case 'image':
      return <ImageThumb src={String(value)} label={label} />;
    case 'images': {
      const links = linkList(value);
      return (
        <span className="ba-image-thumbs">
          {links.slice(0, CELL_PICTURES).map((link, i) => (
            <ImageThumb key={`${i}:${link}`} src={link} label={`${label} ${i + 1}`} />
          ))}
          {links.length > CELL_PICTURES ? <span className="ba-image-more">{i18n.t('crud.imagesMore', { count: links.length })}</span> : null}
        </span>
      );
    }
    case 'richtext':
      return shorten(text, CELL_TEXT);
    default:
      return undefined;
  }
}

/** A value of such a field in a form being viewed: the pictures with their preview, the rich text rendered. */
export function typeView(field: FieldDef, value: unknown): ReactNode | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const label = fieldLabel(field);
  switch (field.type) {
    case 'image':
      return <ImageUpload value={String(value)} label={label} disabled />;
    case 'images':
      return <ImagesWall value={String(value)} label={label} disabled />;
    case 'richtext':
      return <RichTextView html={String(value)} />;
    default:
      return undefined;
  }
}
