import { useEffect, useRef, useState } from 'react';
import { Form, Spin } from '@arco-design/web-react';
import {
  currentLanguage,
  defaultRow,
  DialogOpenings,
  EntityForm,
  fetchDetail,
  FILE_LINK_PREFIX,
  localText,
  RecordDialog,
  saveBody,
  saveRow,
  useRecordDialog,
  useTranslation,
  type CellRenderer,
  type DialogOpeningProps,
  type FormMode,
  type Row,
} from '../../../../core/sdk/browser';
import { albumEntity, type AlbumImage } from '../entity';
import { AlbumGallery } from './AlbumGallery';
import { boardOf, imagesBody, type BoardImage } from './board';
import { ImageBoard } from './ImageBoard';

export interface AlbumDialogState {
  mode: FormMode;
  id?: string;
}

export interface AlbumDialogProps {
  state: AlbumDialogState | null;
  onClose: () => void;
  /** The list's own drawing of cells, so that a value viewed reads as in the list. */
  cells?: Partial<Record<string, CellRenderer>>;
}

/** The fields of the form, in its order (the views only when viewing: the server counts them). */
const FIELDS = ['companyId', 'title', 'category', 'status', 'sort', 'viewCount', 'cover', 'description'] as const;
/** The album editor is wider than a plain record's: the board holds five pictures a row. */
const WIDTH = 960;

const picturesOf = (row: Row | null): AlbumImage[] => (Array.isArray(row?.images) ? (row.images as AlbumImage[]) : []);

/** Seconds since `running` turned true (0 while it is false). */
function useElapsed(running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    setSeconds(0);
    if (!running) return;
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return seconds;
}

function AlbumModal({ state, opening, onClose, cells }: Omit<AlbumDialogProps, 'state'> & { state: AlbumDialogState; opening: DialogOpeningProps }) {
  const { t } = useTranslation();
  const { mode, id } = state;
  const view = mode === 'view';
  const [form] = Form.useForm<Row>();
  const [images, setImages] = useState<BoardImage[]>([]);
  const [boardError, setBoardError] = useState('');
  const [uploading, setUploading] = useState(false);
  // The links the album held when opened: a save makes thumbnails of the others.
  const opened = useRef<Set<string> | null>(null);
  const cover = (Form.useWatch('cover', form) as string | undefined) ?? '';

  const dialog = useRecordDialog<Row, Row>({
    load: mode === 'add' || !id ? undefined : () => fetchDetail(albumEntity, id),
    initial: mode === 'add' ? defaultRow(albumEntity) : undefined,
    prepare: async (loaded) => {
      const noPictures = images.length === 0;
      setBoardError(uploading ? t('card.album.uploadsBusy') : noPictures ? t('card.album.needImages') : '');
      const values = await form.validate(); // a refusal shows on its field, and nothing is sent
      if (uploading || noPictures) return null;
      return { ...saveBody(albumEntity, values, loaded), images: imagesBody(images) };
    },
    save: view ? undefined : (body) => saveRow(albumEntity, body, mode === 'add'),
    success: t(mode === 'add' ? 'crud.addSuccess' : 'crud.updateSuccess'),
    onClose,
  });

  // The board starts from the album as loaded, once per opening; from then on it is the user's.
  useEffect(() => {
    if (dialog.data === null || opened.current) return;
    const loaded = picturesOf(dialog.data);
    opened.current = new Set(loaded.map((image) => image.link));
    setImages(boardOf(loaded));
  }, [dialog.data]);
  useEffect(() => {
    if (images.length > 0) setBoardError((error) => (error === t('card.album.needImages') ? '' : error));
  }, [images.length, t]);
  useEffect(() => {
    if (!uploading) setBoardError((error) => (error === t('card.album.uploadsBusy') ? '' : error));
  }, [uploading, t]);

  const elapsed = useElapsed(dialog.saving);
  const newPictures = images.filter((image) => image.link.startsWith(FILE_LINK_PREFIX) && !opened.current?.has(image.link)).length;
  const label = localText(albumEntity.label);
  const name = currentLanguage() === 'en' ? label.toLowerCase() : label;
  const heading = t(mode === 'add' ? 'crud.titleAdd' : mode === 'edit' ? 'crud.titleEdit' : 'crud.titleView', { name });

  return (
    <RecordDialog
      dialog={dialog}
      opening={opening}
      title={heading}
      width={WIDTH}
      className="ba-crud-dialog ba-album-dialog"
      saveLabel={t(mode === 'add' ? 'crud.save' : 'crud.update')}
      testId="crud-save"
    >
      {(loaded) => (
        <>
          <EntityForm entity={albumEntity} form={form} mode={mode} fields={FIELDS} initialValues={loaded} cells={cells} onSubmit={() => void dialog.submit()} />
          {view ? (
            <AlbumGallery images={picturesOf(loaded)} cover={String(loaded.cover ?? '')} />
          ) : (
            <>
              <ImageBoard
                images={images}
                setImages={setImages}
                cover={cover}
                onSetCover={(link) => form.setFieldValue('cover', link)}
                error={boardError}
                disabled={dialog.saving}
                onBusyChange={setUploading}
              />
              <p className="ba-album-cover-hint">{t('card.album.coverAuto')}</p>
            </>
          )}
          {dialog.saving ? (
            <div className="ba-album-saving" role="status" data-testid="album-saving">
              <Spin size={14} />
              <span>{newPictures > 0 ? t('card.album.saving', { count: newPictures }) : t('card.album.savingNoNew')}</span>
              <span className="ba-album-saving-time">{t('card.album.elapsed', { s: elapsed })}</span>
            </div>
          ) : null}
        </>
      )}
    </RecordDialog>
  );
}

/**
 * Add, edit and view of an album: its fields (the kit's form) above its pictures (the board; a gallery when
 * viewing). A save sends the fields and the pictures in the board's order with their captions, says how it
 * is going while the server makes the new pictures' thumbnails, and when refused keeps everything as it was.
 */
export function AlbumDialog({ state, ...props }: AlbumDialogProps) {
  return <DialogOpenings state={state}>{(opened, opening) => <AlbumModal {...props} state={opened} opening={opening} />}</DialogOpenings>;
}
