import { useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Tag } from '@arco-design/web-react';
import { IconDelete, IconEdit, IconEye, IconImage } from '@arco-design/web-react/icon';
import {
  AddDeleteButtons,
  confirmRemove,
  CrudTable,
  CrudToolbar,
  currentLanguage,
  ImageThumb,
  SearchForm,
  useCrudCan,
  useCrudList,
  useTranslation,
  type CellRenderer,
  type Row,
} from '../../../../core/sdk/browser';
import { albumEntity } from '../entity';
import { AlbumDialog, type AlbumDialogState } from './AlbumDialog';
import './album.css';

/** In the definition's order, which the table follows. */
const COLUMNS = ['cover', 'title', 'companyId', 'category', 'imageCount', 'status', 'viewCount'] as const;

/** How an album reads in the list (and in its view): its cover by a thumbnail, its company by name, its state as a tag. */
const CELLS: Partial<Record<string, CellRenderer>> = {
  cover: (_value, row) => (row.coverThumb ? <ImageThumb src={String(row.coverThumb)} label={String(row.title ?? '')} /> : '-'),
  companyId: (_value, row, text) => String(row.companyName || text || '-'),
  imageCount: (value) => (
    <span className="ba-album-count">
      <IconImage aria-hidden="true" /> {Number(value ?? 0)}
    </span>
  ),
  status: (value, _row, text) => <Tag color={Number(value) === 1 ? 'green' : 'gray'}>{text}</Tag>,
};

/**
 * /card/album (案例相册): the albums with their cover, company, category, picture count, state and views,
 * searched by company, title, category and state; add, edit and view in the album editor (fields and the
 * picture board), delete one or several. Each action shows only with its permission code; the server
 * checks them again.
 */
export default observer(function AlbumPage() {
  const { t } = useTranslation();
  const list = useCrudList({ entity: albumEntity });
  const can = useCrudCan(albumEntity);
  const [dialog, setDialog] = useState<AlbumDialogState | null>(null);
  const remove = (ids: readonly string[]) => confirmRemove({ entity: albumEntity, ids, onRemoved: (removed) => void list.afterRemove(removed.length) });

  const action = (key: 'view' | 'edit' | 'delete', icon: ReactNode, onClick: () => void) => (
    <Button key={key} type="text" size="mini" status={key === 'delete' ? 'danger' : undefined} icon={icon} onClick={onClick}>
      {t(`crud.${key}`)}
    </Button>
  );
  const shown = (['view', 'edit', 'delete'] as const).filter((a) => can(a));
  const rowActions = (row: Row) => (
    <>
      {can('view') ? action('view', <IconEye />, () => setDialog({ mode: 'view', id: row.id })) : null}
      {can('edit') ? action('edit', <IconEdit />, () => setDialog({ mode: 'edit', id: row.id })) : null}
      {can('delete') ? action('delete', <IconDelete />, () => row.id && remove([row.id])) : null}
    </>
  );

  return (
    <div className="ba-crud ba-album-page">
      <SearchForm entity={albumEntity} onSearch={list.search} onReset={list.reset} loading={list.loading} values={list.searchValues} />
      <CrudToolbar list={list} columns={COLUMNS}>
        <AddDeleteButtons onAdd={can('add') ? () => setDialog({ mode: 'add' }) : undefined} onDelete={can('delete') ? () => remove(list.selectedKeys) : undefined} />
      </CrudToolbar>
      <CrudTable
        list={list}
        columns={COLUMNS}
        cells={CELLS}
        selection={can('delete')}
        actions={shown.length ? rowActions : undefined}
        actionsWidth={32 + shown.length * (currentLanguage() === 'en' ? 68 : 56)}
      />
      {/* The save (saveRow) reloads every view of the albums itself. */}
      <AlbumDialog state={dialog} onClose={() => setDialog(null)} cells={CELLS} />
    </div>
  );
});
