import type { ReactNode } from 'react';
import type { ColProps } from '@arco-design/web-react';
import { currentLanguage } from '../i18n';
import './crud.css';

/**
 * The label and control columns of a horizontal form: the labels one width in every row (half or whole),
 * wider in English, whose labels are longer ("Additional information"), so that they stay on one line.
 */
export function formColumns(): { labelCol: ColProps; wrapperCol: ColProps } {
  return { labelCol: { flex: currentLanguage() === 'en' ? '176px' : '112px' }, wrapperCol: { flex: '1', style: { minWidth: 0 } } };
}

/** A form label on one line: one that still does not fit ends in an ellipsis, its title holding it whole. */
export function FieldLabel({ text }: { text: string }) {
  return (
    <span className="ba-form-label" title={text}>
      {text}
    </span>
  );
}

export interface ViewValueProps {
  /** The text the list's cell shows for the value ('' when there is none). */
  text: string;
  /** The list's own drawing of the cell, when it has one (a tag, a label for a special value). */
  children?: ReactNode;
}

/** A value in a form that only shows: what the list shows for it, or '-' when it is empty (never a prompt). */
export function ViewValue({ text, children }: ViewValueProps) {
  return (
    <div className="ba-view-value" title={text || undefined}>
      {children ?? (text === '' ? '-' : text)}
    </div>
  );
}
