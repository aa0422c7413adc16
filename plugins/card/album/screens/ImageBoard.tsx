import { useEffect, useId, useRef, useState, type Dispatch, type DragEvent, type KeyboardEvent, type ReactNode, type SetStateAction } from 'react';
import { Button, Image, Input, Tooltip } from '@arco-design/web-react';
import { IconDelete, IconDoubleLeft, IconDoubleRight, IconDragDotVertical, IconLeft, IconRight, IconStar, IconStarFill, IconUpload } from '@arco-design/web-react/icon';
import { useTranslation } from '../../../../core/sdk/browser';
import { ALBUM_LIMITS } from '../entity';
import { moveImage, uploaded, type BoardImage } from './board';
import { UploadQueue } from './UploadQueue';
import { useUploads } from './uploads';

/** What the file picker offers (the server decides by the bytes). */
const IMAGE_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';

export interface ImageBoardProps {
  images: readonly BoardImage[];
  setImages: Dispatch<SetStateAction<BoardImage[]>>;
  /** The album's cover link (marked on its picture). */
  cover: string;
  onSetCover: (link: string) => void;
  /** Why the board cannot be saved as it is (no pictures). */
  error?: string;
  /** A save is under way: nothing moves. */
  disabled?: boolean;
  /** Told when uploads start and end (a save waits for them). */
  onBusyChange?: (busy: boolean) => void;
}

/**
 * The album's pictures in order, as the save will send them: upload several at once (each file's progress
 * and refusal shown), reorder by dragging a picture, by its buttons (first, left, right, last) or from the
 * keyboard on a focused picture (Alt+arrows, Alt+Home/End), a caption under each, remove, set as cover, and
 * a large preview.
 */
export function ImageBoard({ images, setImages, cover, onSetCover, error, disabled = false, onBusyChange }: ImageBoardProps) {
  const { t } = useTranslation();
  const max = ALBUM_LIMITS.maxImages;
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const errorId = useId();
  const [previewing, setPreviewing] = useState<number | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const count = useRef(images.length);
  count.current = images.length;
  const uploads = useUploads((link) => setImages((current) => [...current, uploaded(link)]), () => max - count.current, max);

  useEffect(() => onBusyChange?.(uploads.busy), [uploads.busy, onBusyChange]);

  // After a move from the keyboard the moved picture keeps the focus, wherever it went.
  useEffect(() => {
    if (!focusKey) return;
    list.current?.querySelector<HTMLElement>(`[data-key="${focusKey}"] .ba-album-tile-handle`)?.focus();
    setFocusKey(null);
  }, [focusKey, images]);

  const move = (from: number, to: number, fromKeyboard = false) => {
    const target = Math.max(0, Math.min(images.length - 1, to));
    if (disabled || from === target) return;
    const key = images[from]!.key;
    setImages((current) => moveImage(current, current.findIndex((image) => image.key === key), target));
    setAnnouncement(t('card.album.moved', { n: target + 1 }));
    if (fromKeyboard) setFocusKey(key);
  };
  const remove = (key: string) => setImages((current) => current.filter((image) => image.key !== key));
  const caption = (key: string, text: string) => setImages((current) => current.map((image) => (image.key === key ? { ...image, caption: text } : image)));

  const onHandleKey = (event: KeyboardEvent, index: number) => {
    if (!event.altKey || disabled) return;
    const to = { ArrowLeft: index - 1, ArrowUp: index - 1, ArrowRight: index + 1, ArrowDown: index + 1, Home: 0, End: images.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    move(index, to, true);
  };

  const dragTo = (event: DragEvent, index: number) => {
    if (dragging === null) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setOver(index);
  };
  const dropAt = (event: DragEvent, index: number) => {
    if (dragging === null) return;
    event.preventDefault();
    event.stopPropagation();
    const from = images.findIndex((image) => image.key === dragging);
    if (from >= 0) move(from, index);
    setDragging(null);
    setOver(null);
  };
  // Files dropped from the desktop onto the board are uploaded like chosen ones.
  const dropFiles = (event: DragEvent) => {
    if (dragging !== null || disabled || event.dataTransfer.files.length === 0) return;
    event.preventDefault();
    uploads.add([...event.dataTransfer.files]);
  };

  const action = (label: string, icon: ReactNode, onClick: () => void, off = false, danger = false) => (
    <Tooltip content={label} mini>
      <Button type="text" size="mini" status={danger ? 'danger' : undefined} icon={icon} aria-label={label} disabled={disabled || off} onClick={onClick} />
    </Tooltip>
  );

  return (
    <section className="ba-album-board" aria-labelledby={`${errorId}-title`} onDragOver={(event) => event.dataTransfer.types.includes('Files') && event.preventDefault()} onDrop={dropFiles}>
      <header className="ba-album-board-head">
        <h3 id={`${errorId}-title`}>
          <span className="ba-album-required" aria-hidden="true">
            *
          </span>
          {t('card.album.images')}
          <span className="ba-album-board-count">{t('card.album.imagesCount', { count: images.length, max })}</span>
        </h3>
        <Button type="primary" size="small" icon={<IconUpload />} disabled={disabled || images.length >= max} onClick={() => input.current?.click()}>
          {t('card.album.upload')}
        </Button>
        <input
          ref={input}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          hidden
          data-testid="album-upload-input"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = ''; // the same file may be chosen again
            if (files.length) uploads.add(files);
          }}
        />
      </header>
      <p className="ba-album-board-hint">{t('card.album.imagesHint', { max })}</p>
      <UploadQueue uploads={uploads} />
      {images.length === 0 ? (
        <div className={`ba-album-board-empty${error ? ' is-error' : ''}`}>{t('card.album.noImages')}</div>
      ) : (
        <ol className="ba-album-tiles" ref={list} aria-describedby={error ? errorId : undefined}>
          {images.map((image, index) => {
            const n = index + 1;
            const name = t('card.album.picture', { n });
            const first = index === 0;
            const last = index === images.length - 1;
            const isCover = cover !== '' && image.link === cover;
            return (
              <li
                key={image.key}
                data-key={image.key}
                className={`ba-album-tile${dragging === image.key ? ' is-dragging' : ''}${over === index && dragging !== image.key ? ' is-over' : ''}`}
                draggable={!disabled}
                onDragStart={(event) => {
                  setDragging(image.key);
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', image.key);
                }}
                onDragOver={(event) => dragTo(event, index)}
                onDragLeave={() => setOver((current) => (current === index ? null : current))}
                onDrop={(event) => dropAt(event, index)}
                onDragEnd={() => {
                  setDragging(null);
                  setOver(null);
                }}
              >
                <div
                  className="ba-album-tile-handle"
                  tabIndex={0}
                  role="button"
                  aria-label={t('card.album.dragHint', { n, total: images.length })}
                  onKeyDown={(event) => {
                    if ((event.key === 'Enter' || event.key === ' ') && !event.altKey) {
                      event.preventDefault();
                      setPreviewing(index);
                    } else onHandleKey(event, index);
                  }}
                  onClick={() => setPreviewing(index)}
                >
                  <img src={image.thumbLink} alt={name} loading="lazy" draggable={false} />
                  <span className="ba-album-tile-index">{n}</span>
                  {isCover ? <span className="ba-album-tile-cover">{t('card.album.isCover')}</span> : null}
                  <IconDragDotVertical className="ba-album-tile-grip" />
                </div>
                <div className="ba-album-tile-actions">
                  {action(t('card.album.moveFirst'), <IconDoubleLeft />, () => move(index, 0), first)}
                  {action(t('card.album.moveLeft'), <IconLeft />, () => move(index, index - 1), first)}
                  {action(t('card.album.moveRight'), <IconRight />, () => move(index, index + 1), last)}
                  {action(t('card.album.moveLast'), <IconDoubleRight />, () => move(index, images.length - 1), last)}
                  {action(isCover ? t('card.album.isCover') : t('card.album.setCover'), isCover ? <IconStarFill /> : <IconStar />, () => onSetCover(image.link), isCover)}
                  {action(t('card.album.remove'), <IconDelete />, () => remove(image.key), false, true)}
                </div>
                <Input
                  size="small"
                  value={image.caption}
                  maxLength={ALBUM_LIMITS.caption}
                  placeholder={t('card.album.captionPlaceholder')}
                  aria-label={t('card.album.captionOf', { n })}
                  disabled={disabled}
                  onChange={(text) => caption(image.key, text)}
                />
              </li>
            );
          })}
        </ol>
      )}
      {error ? (
        <div id={errorId} className="ba-album-board-error" role="alert">
          {error}
        </div>
      ) : null}
      <div className="ba-album-live" aria-live="polite">
        {announcement}
      </div>
      {images.length > 0 ? (
        <Image.PreviewGroup
          srcList={images.map((image) => image.link)}
          current={previewing ?? 0}
          onChange={setPreviewing}
          visible={previewing !== null}
          onVisibleChange={(open) => setPreviewing(open ? (previewing ?? 0) : null)}
        />
      ) : null}
    </section>
  );
}
