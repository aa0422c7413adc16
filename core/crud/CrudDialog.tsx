import { Form } from '@arco-design/web-react';
import { currentLanguage, localText, useTranslation } from '../i18n';
import type { EntityDef } from '../schema/entity';
import { fetchDetail, saveRow } from './api';
import type { CellRenderer } from './CrudTable';
import { EntityForm, type EntityFormProps } from './EntityForm';
import type { FormMode } from './fields';
import type { Row } from './query';
import { DIALOG_WIDTH, DialogOpenings, RecordDialog, type DialogOpeningProps } from './RecordDialog';
import { useRecordDialog } from './useRecordDialog';
import './locales';
import './crud.css';

export { DIALOG_WIDTH };

export interface DialogState {
  mode: FormMode;
  /** The row to edit or view (its id is what `detail` is asked for). */
  id?: string;
  /** Values of a new row beyond the definition's defaults (a child's parent and code, say). */
  initial?: Row;
}

export type FormOverrides = Pick<EntityFormProps, 'fields' | 'show' | 'disabled' | 'controls' | 'dynamic'>;

export interface CrudDialogProps {
  entity: EntityDef;
  /** Open when set; each new object opens a fresh form (keep it in state, not inline). */
  state: DialogState | null;
  onClose: () => void;
  /** After a successful save (the list reloads). */
  onSaved?: (row: Row, mode: FormMode) => void;
  title?: string;
  width?: number;
  /** Field overrides per mode. */
  form?: FormOverrides | ((mode: FormMode) => FormOverrides);
  /** Last change to the body before it is sent. */
  beforeSave?: (body: Row, mode: FormMode, loaded: Row) => Row;
  /** Viewing: the list's own drawing of cells, so that a value reads as in the list (see CrudTable). */
  cells?: Partial<Record<string, CellRenderer>>;
  /** Loads the row for edit / view (default `detail?id=`). */
  loadRow?: (id: string) => Promise<Row>;
}

/** A new row: the definition's defaults. */
export function defaultRow(entity: EntityDef): Row {
  const row: Row = {};
  for (const [name, field] of Object.entries(entity.fields)) if (field.default !== undefined) row[name] = field.default;
  return row;
}

/**
 * The body of a save: the id and every field of the definition (the form's value, or the loaded row's for
 * a field the form does not show). A value that came as a number goes back as a number; one-line text is
 * trimmed.
 */
export function saveBody(entity: EntityDef, values: Row, loaded: Row): Row {
  const body: Row = {};
  if (loaded.id !== undefined && loaded.id !== '') body.id = loaded.id;
  for (const [name, field] of Object.entries(entity.fields)) {
    let value = name in values ? values[name] : loaded[name];
    if (value === undefined) continue;
    const numeric = typeof loaded[name] === 'number' || typeof field.default === 'number' || field.type === 'integer' || field.type === 'switch';
    if (numeric && typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) value = Number(value);
    if (typeof value === 'string' && field.type === 'string') value = value.trim(); // one-line values; text is kept as typed
    body[name] = value;
  }
  return body;
}

/** One opening of the dialog: its own form, row and saving state. */
function CrudModal({ entity, state, opening, onClose, onSaved, title, width = DIALOG_WIDTH, form: overrides, beforeSave, loadRow, cells }: Omit<CrudDialogProps, 'state'> & { state: DialogState; opening: DialogOpeningProps }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Row>();
  const { mode, id } = state;
  const dialog = useRecordDialog<Row, Row>({
    load: mode === 'add' || !id ? undefined : () => (loadRow ?? ((rowId: string) => fetchDetail(entity, rowId)))(id),
    initial: mode === 'add' ? { ...defaultRow(entity), ...state.initial } : undefined,
    prepare: async (loaded) => {
      const body = saveBody(entity, await form.validate(), loaded);
      return beforeSave ? beforeSave(body, mode, loaded) : body;
    },
    save: mode === 'view' ? undefined : (body) => saveRow(entity, body, mode === 'add'),
    success: t(mode === 'add' ? 'crud.addSuccess' : 'crud.updateSuccess'),
    onSaved: (body) => onSaved?.(body, mode),
    onClose,
  });

  const label = localText(entity.label);
  const name = currentLanguage() === 'en' ? label.toLowerCase() : label;
  const heading = title ?? t(mode === 'add' ? 'crud.titleAdd' : mode === 'edit' ? 'crud.titleEdit' : 'crud.titleView', { name });
  const formProps = typeof overrides === 'function' ? overrides(mode) : (overrides ?? {});
  return (
    <RecordDialog dialog={dialog} opening={opening} title={heading} width={width} className="ba-crud-dialog" saveLabel={t(mode === 'add' ? 'crud.save' : 'crud.update')} testId="crud-save">
      {/* The form is mounted once the row is there: its values are the row's. */}
      {(loaded) => <EntityForm entity={entity} form={form} mode={mode} initialValues={loaded} cells={cells} {...formProps} />}
    </RecordDialog>
  );
}

/**
 * Add, edit and view of an entity's row in a dialog 880 wide. Edit and view load `detail?id=` first; a save sends
 * `submit` (or `save` / `update`) and says '新增成功' / '更新成功'; a failed save leaves the dialog open
 * with the user's input and its button ready again. Esc closes it, Enter in a one-line field saves.
 */
export function CrudDialog(props: CrudDialogProps) {
  return <DialogOpenings state={props.state}>{(state, opening) => <CrudModal {...props} state={state} opening={opening} />}</DialogOpenings>;
}
