import { currentLanguage } from '../i18n';
import type { FieldDef } from '../schema/entity';

/** Room for a usual value of each type. */
const TYPE_WIDTH: Record<FieldDef['type'], number> = { string: 140, text: 200, integer: 90, number: 110, switch: 80, select: 110, date: 120, datetime: 170, id: 170, image: 80, images: 120, richtext: 200, money: 120 };
/** No column is squeezed below this (a few characters and the ellipsis). */
const NARROWEST = 64;
/** An amount cut short misleads (¥2,999… reads as anything): its column keeps room for ¥99,999.99. */
const MONEY_NARROWEST = 116;

/** Pixels a label takes in the current language (a CJK character about 14, a Latin one about 7.5). */
function labelWidth(field: FieldDef): number {
  return currentLanguage() === 'en' ? Math.ceil(field.label.en.length * 7.5) : field.label.zh.length * 14;
}

/** The width a column asks for: its own, or room for its label and a usual value of its type. */
export function naturalWidth(field: FieldDef): number {
  if (field.width) return field.width;
  return Math.max(labelWidth(field) + 48 + (field.sortable ? 20 : 0), TYPE_WIDTH[field.type]);
}

/** The narrowest a column may become to fit its table: its whole label stays readable (the values may be cut). */
export function minimumWidth(field: FieldDef): number {
  const floor = field.type === 'money' ? MONEY_NARROWEST : NARROWEST;
  return Math.min(naturalWidth(field), Math.max(floor, labelWidth(field) + 34 + (field.sortable ? 20 : 0)));
}

/**
 * The columns' widths in a table `available` pixels wide (besides its fixed columns): as asked when they
 * fit; otherwise each gives up the same share of what it has beyond its minimum, so the table fits
 * without hiding a column under the fixed actions column. Only when the minimums do not fit either does
 * the table scroll sideways. `available` 0 (not measured yet): as asked.
 */
export function fitWidths(natural: readonly number[], minimum: readonly number[], available: number): number[] {
  const wanted = natural.reduce((a, b) => a + b, 0);
  if (available <= 0 || wanted <= available) return [...natural];
  const least = minimum.reduce((a, b) => a + b, 0);
  if (least >= available) return [...minimum];
  const share = (available - least) / (wanted - least);
  return natural.map((width, i) => Math.floor(minimum[i]! + (width - minimum[i]!) * share));
}
