import { Button, Form } from '@arco-design/web-react';
import { IconLink } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import {
  currentLanguage,
  defaultRow,
  DIALOG_WIDTH,
  DialogFooter,
  DialogOpenings,
  type DialogState,
  EntityForm,
  type EntityFormProps,
  type EntityDef,
  fetchDetail,
  localText,
  RecordDialog,
  type Row,
  saveBody,
  saveRow,
  useRecordDialog,
  useTranslation,
} from '../../../core/sdk/browser';
import { ConnectionResult, useConnectionTest } from './ConnectionResult';

export interface DatasourceDialogProps {
  /** The add form's entity (password required) or the edit form's (password optional). */
  entity: EntityDef;
  /** Add or edit (viewing is the kit's). */
  state: DialogState | null;
  onClose: () => void;
  /** The password's own control (masked, never filled in). */
  passwordControl: ReactNode;
  /** What depends on the values typed (the edit form's password, required once the place it is for changes). */
  dynamic?: EntityFormProps['dynamic'];
}

const SETTINGS = ['driverClass', 'url', 'username'] as const;

function DatasourceModal({ entity, state, opening, onClose, passwordControl, dynamic }: Omit<DatasourceDialogProps, 'state'> & { state: DialogState; opening: { visible: boolean; afterClose: () => void } }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Row>();
  const adding = state.mode === 'add';
  const test = useConnectionTest();
  const dialog = useRecordDialog<Row, Row>({
    load: adding || !state.id ? undefined : () => fetchDetail(entity, state.id!),
    initial: adding ? { ...defaultRow(entity), ...state.initial } : undefined,
    prepare: async (loaded) => saveBody(entity, await form.validate(), loaded),
    save: (body) => saveRow(entity, body, adding),
    success: t(adding ? 'crud.addSuccess' : 'crud.updateSuccess'),
    onClose,
  });

  // The settings as typed, the row's id when editing (the server then uses the stored password for an empty one).
  const runTest = async () => {
    try {
      await form.validate([...SETTINGS]);
    } catch {
      return; // the messages are on the fields
    }
    const values = form.getFieldsValue() as Record<string, unknown>;
    const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string).trim() : '');
    await test.run({ id: dialog.data?.id ? String(dialog.data.id) : undefined, driverClass: text('driverClass'), url: text('url'), username: text('username'), password: typeof values.password === 'string' ? values.password : '' });
  };

  const footer = dialog.data ? (
    <div className="ds-dialog-footer">
      <Button icon={<IconLink />} loading={test.running} disabled={dialog.saving} onClick={() => void runTest()} data-testid="datasource-test">
        {t('datasource.test')}
      </Button>
      <span className="ds-dialog-footer-gap" />
      <DialogFooter saving={dialog.saving} onCancel={onClose} onSave={() => void dialog.submit()} saveLabel={t(adding ? 'crud.save' : 'crud.update')} testId="crud-save" />
    </div>
  ) : undefined;

  const label = localText(entity.label);
  const name = currentLanguage() === 'en' ? label.toLowerCase() : label;
  return (
    <RecordDialog dialog={dialog} opening={opening} title={t(adding ? 'crud.titleAdd' : 'crud.titleEdit', { name })} width={DIALOG_WIDTH} className="ba-crud-dialog" footer={footer}>
      {(loaded) => (
        <>
          <ConnectionResult outcome={test.outcome} onClose={test.clear} />
          <EntityForm entity={entity} form={form} mode={state.mode} initialValues={loaded} controls={{ password: passwordControl }} dynamic={dynamic} />
        </>
      )}
    </RecordDialog>
  );
}

/**
 * Adding and editing a datasource: the kit's form with 测试连接 beside save. The test sends the form's
 * values as they are (not saved), says its outcome above the form and leaves every value in place.
 */
export function DatasourceDialog(props: DatasourceDialogProps) {
  return <DialogOpenings state={props.state}>{(state, opening) => <DatasourceModal {...props} state={state} opening={opening} />}</DialogOpenings>;
}
