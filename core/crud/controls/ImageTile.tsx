import type { ReactNode } from 'react';
import { IconDelete, IconEye } from '@arco-design/web-react/icon';
import { useTranslation } from '../../i18n';
import '../locales';
import './controls.css';

export interface ImageTileProps {
  src: string;
  /** What the picture is (its alt text, and the buttons' names). */
  label: string;
  onPreview: () => void;
  /** Absent: the picture cannot be removed here (a form being viewed). */
  onRemove?: () => void;
  /** More buttons (moving a picture in a wall). */
  children?: ReactNode;
}

/**
 * One picture of an uploader, 104 px: its buttons show on hover and on keyboard focus (each a real,
 * named button, so Tab reaches them).
 */
export function ImageTile({ src, label, onPreview, onRemove, children }: ImageTileProps) {
  const { t } = useTranslation();
  return (
    <div className="ba-image-tile">
      <img src={src} alt={label} loading="lazy" />
      <div className="ba-image-tile-actions">
        <button type="button" className="ba-image-tile-button" aria-label={t('crud.imagePreview', { label })} title={t('crud.imagePreview', { label })} onClick={onPreview}>
          <IconEye />
        </button>
        {children}
        {onRemove ? (
          <button type="button" className="ba-image-tile-button" aria-label={t('crud.imageRemove', { label })} title={t('crud.imageRemove', { label })} onClick={onRemove}>
            <IconDelete />
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** A small rounded picture for a table cell (lazy: a long list loads only what is seen). */
export function ImageThumb({ src, label }: { src: string; label: string }) {
  return <img className="ba-image-thumb" src={src} alt={label} loading="lazy" />;
}
