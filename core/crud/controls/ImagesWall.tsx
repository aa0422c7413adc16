import { useRef, useState } from 'react';
import { Image } from '@arco-design/web-react';
import { IconLeft, IconRight } from '@arco-design/web-react/icon';
import { DEFAULT_IMAGES_MAX } from '../../schema/entity';
import { useTranslation } from '../../i18n';
import { ImagePicker } from './ImagePicker';
import { ImageTile } from './ImageTile';
import { linkList } from './upload';
import '../locales';
import './controls.css';

export interface ImagesWallProps {
  /** The pictures' links, comma-joined, in order. */
  value?: string;
  onChange?: (links: string) => void;
  disabled?: boolean;
  /** The most pictures (default 9). */
  max?: number;
  /** What the pictures are (alt text, button names). */
  label: string;
}

/**
 * A form control holding several pictures in order (comma-joined links): add (several files at once, up to
 * `max`), remove, and move a picture left or right with its buttons (reached with Tab, so the order can
 * be set without a mouse). Viewing (disabled): the pictures and their preview alone.
 */
export function ImagesWall({ value, onChange, disabled = false, max = DEFAULT_IMAGES_MAX, label }: ImagesWallProps) {
  const { t } = useTranslation();
  const links = linkList(value);
  // Uploads finish after renders: each adds to the latest list, not the one its render saw.
  const latest = useRef(links);
  latest.current = links;
  const [previewing, setPreviewing] = useState<number | null>(null);
  // Said below the wall: a choice that filled it removes the picker, not the reason the rest was refused.
  const [error, setError] = useState<string | null>(null);
  const change = (next: string[]) => {
    latest.current = next;
    onChange?.(next.join(','));
  };
  const move = (from: number, to: number) => {
    const next = [...links];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    change(next);
  };

  return (
    <div className="ba-images-box">
      <div className="ba-images-wall" role="list" aria-label={label}>
        {links.map((link, i) => {
          const name = `${label} ${i + 1}`;
          return (
            <div role="listitem" key={`${i}:${link}`}>
              <ImageTile src={link} label={name} onPreview={() => setPreviewing(i)} onRemove={disabled ? undefined : () => change(links.filter((_, j) => j !== i))}>
                {!disabled && i > 0 ? (
                  <button type="button" className="ba-image-tile-button" aria-label={t('crud.imageMoveLeft', { label: name })} title={t('crud.imageMoveLeft', { label: name })} onClick={() => move(i, i - 1)}>
                    <IconLeft />
                  </button>
                ) : null}
                {!disabled && i < links.length - 1 ? (
                  <button type="button" className="ba-image-tile-button" aria-label={t('crud.imageMoveRight', { label: name })} title={t('crud.imageMoveRight', { label: name })} onClick={() => move(i, i + 1)}>
                    <IconRight />
                  </button>
                ) : null}
              </ImageTile>
            </div>
          );
        })}
        {!disabled && links.length < max ? (
          <div role="listitem">
            <ImagePicker label={label} multiple room={() => max - latest.current.length} max={max} onError={setError} onUploaded={(link) => change([...latest.current, link])} />
          </div>
        ) : null}
      </div>
      {error && !disabled ? (
        <div className="ba-image-error" role="alert">
          {error}
        </div>
      ) : null}
      {links.length > 0 ? (
        <Image.PreviewGroup srcList={links} current={previewing ?? 0} onChange={setPreviewing} visible={previewing !== null} onVisibleChange={(open) => setPreviewing(open ? (previewing ?? 0) : null)} />
      ) : null}
    </div>
  );
}
