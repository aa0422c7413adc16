import type { ReactNode } from 'react';
import { currentLanguage } from '../i18n';
import './crud.css';

/**
 * The label column of a horizontal form, in grid spans of 24: wider in English, whose labels are longer
 * ("Refresh token validity"), so that they stay on one line.
 */
export function formLabelSpan(wide: boolean): number {
  const en = currentLanguage() === 'en';
  return wide ? (en ? 4 : 3) : en ? 8 : 6;
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
