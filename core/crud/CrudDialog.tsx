import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Modal } from '@arco-design/web-react';
import { toastSuccess } from '../http';
import { currentLanguage, localText } from '../i18n';
import type { EntityDef } from '../schema/entity';
import { fetchDetail, saveRow } from './api';
import { DialogFooter } from './DialogFooter';
import { EntityForm, type EntityFormProps } from './EntityForm';
import { LoadState } from './LoadState';
import type { FormMode } from './fields';
import type { Row } from './query';
import { useDialogOpenings } from './useDialogOpenings';
import './locales';
import './crud.css';

export const DIALOG_WIDTH = 880;

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

interface ModalProps extends Omit<CrudDialogProps, 'state'> {
  state: DialogState;
  visible: boolean;
  afterClose: () => void;
}

/** One opening of the dialog: its own form, row and saving state. */
function DialogModal({ entity, state, visible, afterClose, onClose, onSaved, title, width = DIALOG_WIDTH, form: overrides, beforeSave, loadRow }: ModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Row>();
  const { mode } = state;
  const [loaded, setLoaded] = useState<Row | null>(mode === 'add' ? { ...defaultRow(entity), ...state.initial } : null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const saved = useRef(false);

  const load = useCallback(() => {
    if (mode === 'add' || !state.id) return;
    setFailed(false);
    setLoaded(null);
    let live = true;
    (loadRow ?? ((id: string) => fetchDetail(entity, id)))(state.id)
      .then((row) => live && setLoaded(row))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [entity, mode, state.id, loadRow]);
  useEffect(() => load(), [load]);

  const submit = async () => {
    if (mode === 'view' || saving || !loaded || saved.current) return;
    let values: Row;
    try {
      values = await form.validate();
    } catch {
      return; // the messages are on the fields
    }
    let body = saveBody(entity, values, loaded);
    if (beforeSave) body = beforeSave(body, mode, loaded);
    setSaving(true);
    try {
      await saveRow(entity, body, mode === 'add');
    } catch {
      // The error toast came from the HTTP pipeline; the dialog stays open with what the user typed.
      setSaving(false);
      return;
    }
    saved.current = true;
    toastSuccess(t(mode === 'add' ? 'crud.addSuccess' : 'crud.updateSuccess'));
    onSaved?.(body, mode);
    onClose();
  };

  const label = localText(entity.label);
  const name = currentLanguage() === 'en' ? label.toLowerCase() : label;
  const heading = title ?? t(mode === 'add' ? 'crud.titleAdd' : mode === 'edit' ? 'crud.titleEdit' : 'crud.titleView', { name });
  const formProps = typeof overrides === 'function' ? overrides(mode) : (overrides ?? {});
  const footer =
    mode === 'view' ? (
      <Button onClick={onClose}>{t('crud.close')}</Button>
    ) : (
      <DialogFooter saving={saving} ready={!!loaded} onCancel={onClose} onSave={() => void submit()} saveLabel={t(mode === 'add' ? 'crud.save' : 'crud.update')} testId="crud-save" />
    );

  return (
    <Modal
      className="ba-crud-dialog"
      visible={visible}
      title={heading}
      style={{ width, maxWidth: 'calc(100vw - 32px)' }}
      footer={footer}
      onCancel={onClose}
      maskClosable={false}
      escToExit
      afterClose={afterClose}
    >
      <div className="ba-crud-dialog-body">
        {/* The form is mounted once the row is there: its values are the row's. */}
        <LoadState failed={failed} data={loaded} onRetry={() => void load()}>
          {(loaded) => <EntityForm entity={entity} form={form} mode={mode} initialValues={loaded} onSubmit={() => void submit()} {...formProps} />}
        </LoadState>
      </div>
    </Modal>
  );
}

/**
 * Add, edit and view in a dialog 880 wide (SPEC §2). Edit and view load `detail?id=` first; a save sends
 * `submit` (or `save` / `update`) and says '新增成功' / '更新成功'; a failed save leaves the dialog open
 * with the user's input and its button ready again. Esc closes it, Enter in a one-line field saves.
 */
export function CrudDialog(props: CrudDialogProps) {
  const { opening, visible, afterClose } = useDialogOpenings(props.state);
  if (!opening) return null;
  return <DialogModal key={opening.key} {...props} state={opening.state} visible={visible} afterClose={afterClose} />;
}
