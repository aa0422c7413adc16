import { useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Tooltip } from '@arco-design/web-react';
import { IconDelete, IconEdit, IconEye } from '@arco-design/web-react/icon';
import { currentLanguage, useTranslation } from '../i18n';
import type { EntityDef } from '../schema/entity';
import { CrudDialog, type CrudDialogProps, type DialogState } from './CrudDialog';
import { CrudTable, type CrudTableProps } from './CrudTable';
import { AddDeleteButtons, CrudToolbar } from './CrudToolbar';
import type { Row } from './query';
import type { RowOf } from './rows';
import { confirmRemove } from './remove';
import { SearchForm } from './SearchForm';
import { useCrudCan } from './useCrudCan';
import { useCrudList, type CrudList, type CrudListOptions } from './useCrudList';
import './locales';
import './crud.css';

export type RowAction = 'view' | 'edit' | 'delete';

/** What extra toolbar buttons and row actions can use. */
export interface CrudContext<R extends Row = Row> {
  list: CrudList<R>;
  /** Opens the dialog (add with initial values, edit or view of a row). */
  open: (state: DialogState) => void;
}

/** `E`: the entity; rows reach cells, row actions and the toolbar typed from it (`RowOf<E>`). */
export interface CrudPageProps<E extends EntityDef = EntityDef> extends Omit<CrudListOptions<E>, 'entity'> {
  entity: E;
  /** The standard row actions offered (each still needs its permission code). Default all three. */
  rowActions?: readonly RowAction[];
  /** More row actions, after the standard ones. */
  extraRowActions?: (row: RowOf<E>, ctx: CrudContext<RowOf<E>>) => ReactNode;
  /** More toolbar buttons, after add and delete. */
  toolbar?: (ctx: CrudContext<RowOf<E>>) => ReactNode;
  /** Which search fields (default: every field with `search`). */
  searchFields?: readonly string[];
  /** Row actions as icons with a tooltip (narrow tables). */
  iconActions?: boolean;
  /** Width of the extra row actions (px), added to the actions column. Default 100 when there are any. */
  extraActionsWidth?: number;
  /** Overrides of the table (cells, columns, tree, row click…). */
  table?: Omit<CrudTableProps<RowOf<E>>, 'list' | 'actions'>;
  /** Overrides of the dialog (form fields, the body before saving…). */
  dialog?: Omit<CrudDialogProps, 'entity' | 'state' | 'onClose' | 'onSaved'>;
  /** Values of a new row (a child's parent, say). */
  newRow?: () => Row;
  /** Hide the search bar. */
  search?: boolean;
  /**
   * The screen's own toolbar buttons act on the selected rows: the selection column shows even for a user
   * who may not delete. Without it, the rows are selectable only for the bulk delete.
   */
  bulk?: boolean;
  /** Runs after a save or a removal (besides reloading the list). */
  onChanged?: () => void;
  /** The list state, when the screen owns it (useCrudList). */
  list?: CrudList<RowOf<E>>;
  className?: string;
}

/** The list screen of an entity with its own list state (see CrudPage). */
function OwnList(props: CrudPageProps) {
  const list = useCrudList(props);
  return <CrudView {...props} list={list} />;
}

const CrudView = observer(function CrudView({
  entity,
  list: given,
  rowActions = ['view', 'edit', 'delete'],
  extraRowActions,
  toolbar,
  table,
  dialog,
  newRow,
  search = true,
  bulk = false,
  params,
  action: listAction,
  searchFields,
  iconActions = false,
  extraActionsWidth,
  onChanged,
  className,
}: CrudPageProps & { list?: CrudList }) {
  const { t } = useTranslation();
  const list = given!;
  const [state, setState] = useState<DialogState | null>(null);
  const can = useCrudCan(entity);
  const remove = (ids: readonly string[]) =>
    confirmRemove({
      entity,
      ids,
      onRemoved: (removed) => {
        void list.afterRemove(removed.length);
        onChanged?.();
      },
    });
  const shows = (action: RowAction) => rowActions.includes(action) && can(action);
  const ctx: CrudContext = { list, open: setState };
  const action = (key: RowAction, icon: ReactNode, onClick: () => void, danger = false) => {
    const label = t(`crud.${key}`);
    const button = (
      <Button type="text" size="mini" status={danger ? 'danger' : undefined} icon={icon} onClick={onClick} aria-label={iconActions ? label : undefined}>
        {iconActions ? null : label}
      </Button>
    );
    return iconActions ? (
      <Tooltip key={key} content={label} mini>
        {button}
      </Tooltip>
    ) : (
      <span key={key}>{button}</span>
    );
  };
  const standard = (['view', 'edit', 'delete'] as const).filter(shows).length;
  const hasRowActions = standard > 0 || Boolean(extraRowActions);
  // Wide enough for the actions on one line, in either language.
  const actionsWidth = 32 + standard * (iconActions ? 32 : currentLanguage() === 'en' ? 68 : 56) + (extraRowActions ? (extraActionsWidth ?? (iconActions ? 32 : 90)) : 0);

  return (
    <div className={`ba-crud${className ? ` ${className}` : ''}`}>
      {search ? <SearchForm entity={entity} fields={searchFields} onSearch={list.search} onReset={list.reset} loading={list.loading} values={list.searchValues} /> : null}
      <CrudToolbar list={list} columns={table?.columns} params={params} action={listAction}>
        <AddDeleteButtons
          onAdd={can('add') ? () => setState({ mode: 'add', initial: newRow?.() }) : undefined}
          onDelete={can('delete') ? () => remove(list.selectedKeys) : undefined}
        />
        {toolbar?.(ctx)}
      </CrudToolbar>
      <CrudTable
        list={list}
        actionsWidth={actionsWidth}
        // Checkboxes only where a bulk action can use them.
        selection={can('delete') || bulk}
        {...table}
        actions={
          hasRowActions
            ? (row) => (
                <>
                  {shows('view') ? action('view', <IconEye />, () => setState({ mode: 'view', id: row.id })) : null}
                  {shows('edit') ? action('edit', <IconEdit />, () => setState({ mode: 'edit', id: row.id })) : null}
                  {shows('delete') ? action('delete', <IconDelete />, () => row.id && remove([row.id]), true) : null}
                  {extraRowActions?.(row, ctx)}
                </>
              )
            : undefined
        }
      />
      <CrudDialog
        entity={entity}
        state={state}
        onClose={() => setState(null)}
        // The save itself reloads every view of the entity (the data layer): here only what the screen adds.
        onSaved={() => onChanged?.()}
        // Viewing a row reads as its list row does.
        cells={table?.cells}
        {...dialog}
      />
    </div>
  );
});

/**
 * A whole list screen from an entity definition: the search form, the
 * toolbar (add, bulk delete), the table with its row actions (view, edit, delete, each shown only with
 * its permission code) and the add / edit / view dialog. Screens with more behaviour compose the parts
 * (useCrudList, SearchForm, CrudTable, CrudDialog, confirmRemove) or pass overrides here.
 */
export function CrudPage<E extends EntityDef>(typed: CrudPageProps<E>) {
  // Typed for the screen; the page itself handles rows as rows.
  const props = typed as unknown as CrudPageProps;
  return props.list ? <CrudView {...props} /> : <OwnList {...props} />;
}
