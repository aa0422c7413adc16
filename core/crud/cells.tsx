import type { ReactNode } from 'react';
import { Tag } from '@arco-design/web-react';
import { i18n } from '../i18n';
import type { FieldDef } from '../schema/entity';
import { ImagesWall } from './controls/ImagesWall';
import { ImageThumb } from './controls/ImageTile';
import { ImageUpload } from './controls/ImageUpload';
import { RichTextView } from './controls/RichTextView';
import { linkList } from './controls/upload';
import type { ChoiceOption } from './dictionary';
import { fieldLabel, moneyText } from './fields';
import './controls/controls.css';

/** How many pictures a table cell shows before "+n". */
const CELL_PICTURES = 3;
/** How much of rich text's words a table cell shows. */
const CELL_TEXT = 80;

/** Fields whose cell is pictures: no text tooltip over them. */
export const picturesCell = (field: FieldDef): boolean => field.type === 'image' || field.type === 'images';

const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** An amount: `¥1,234.56`, its digits of one width so that a column of amounts lines up. */
function Money({ value }: { value: unknown }) {
  return <span className="ba-money">{moneyText(value)}</span>;
}

/** The choice a value is, as a tag of its colour (a state); undefined when its choice has no colour. */
function choiceTag(value: unknown, options: readonly ChoiceOption[]): ReactNode | undefined {
  const choice = options.find((o) => String(o.value) === String(value));
  if (!choice?.color) return undefined;
  return (
    <Tag className="ba-choice-tag" color={choice.color} size="small">
      {choice.label}
    </Tag>
  );
}

/**
 * A table cell of a field whose value is not text to read (pictures as small thumbnails, rich text as its
 * words, shortened, an amount in yuan, a coloured choice as its tag); undefined for the other types
 * (their text is the cell).
 */
export function typeCell(field: FieldDef, value: unknown, text: string, options: readonly ChoiceOption[] = []): ReactNode | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const label = fieldLabel(field);
  switch (field.type) {
    case 'money':
      return <Money value={value} />;
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
      return choiceTag(value, options);
  }
}

/**
 * A value of such a field in a form being viewed: the pictures with their preview, the rich text rendered,
 * an amount in yuan, a coloured choice as its tag.
 */
export function typeView(field: FieldDef, value: unknown, options: readonly ChoiceOption[] = []): ReactNode | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const label = fieldLabel(field);
  switch (field.type) {
    case 'money':
      return <Money value={value} />;
    case 'image':
      return <ImageUpload value={String(value)} label={label} disabled />;
    case 'images':
      return <ImagesWall value={String(value)} label={label} disabled />;
    case 'richtext':
      return <RichTextView html={String(value)} />;
    default:
      return choiceTag(value, options);
  }
}
