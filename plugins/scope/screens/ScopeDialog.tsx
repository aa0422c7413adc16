import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Modal } from '@arco-design/web-react';
import { defaultRow, DIALOG_WIDTH, DialogFooter, EntityForm, fetchDetail, fieldLabel, LoadState, saveBody, saveRow, useDialogOpenings, type DialogState, type Row } from '../../../core/crud';
import { toastSuccess } from '../../../core/http';
import { currentLanguage, localText } from '../../../core/i18n';
import type { EntityDef } from '../../../core/schema/entity';
import { CUSTOM_SCOPE, OWN_SCOPE, RULE_REQUIRED, dataScopeEntity, defaultScopeColumn } from '../entities';

/** The menu whose scopes are edited. */
export interface ScopeMenu {
  id: string;
  code: string;
  name: string;
}

export type ScopeKind = 'data' | 'api';

const PLACEHOLDERS = ['${userId}', '${deptId}', '${roleId}', '${tenantId}', '${account}'];

/** The custom rule (type 5): a text area, the grammar, and the variables to insert. */
function RuleInput({ value, onChange, disabled }: { value?: string; onChange?: (value: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const text = value ?? '';
  return (
    <div className="ba-scope-rule">
      <Input.TextArea value={text} onChange={(v) => onChange?.(v)} disabled={disabled} autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} placeholder={t('scope.ruleExample')} aria-label={fieldLabel(dataScopeEntity.fields.scopeValue)} />
      {disabled ? null : (
        <div className="ba-scope-rule-help">
          <p>{t('scope.ruleHint')}</p>
          <div className="ba-scope-rule-vars">
            {PLACEHOLDERS.map((name) => (
              <Button key={name} size="mini" type="outline" aria-label={t('scope.insert', { name })} onClick={() => onChange?.(`${text}${text && !/\s$/.test(text) ? ' ' : ''}${name}`)}>
                {name}
              </Button>
            ))}
          </div>
          <p className="ba-scope-rule-example">{t('scope.ruleExample')}</p>
        </div>
      )}
    </div>
  );
}

export interface ScopeDialogProps {
  entity: EntityDef;
  kind: ScopeKind;
  menu: ScopeMenu;
  /** Open when set; each new object opens a fresh form. */
  state: DialogState | null;
  onClose: () => void;
  onSaved: () => void;
}

const DATA_FIELDS = ['scopeName', 'resourceCode', 'scopeType', 'scopeColumn', 'scopeField', 'scopeClass'];

/**
 * Add, edit and view a scope of one menu (880 wide, as the kit's dialog). A data scope's custom rule is
 * shown, and required, only for the custom type; its column follows the type while it is a default one.
 */
function ScopeModal({ entity, kind, menu, state, visible, afterClose, onClose, onSaved }: ScopeDialogProps & { state: DialogState; visible: boolean; afterClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Row>();
  const { mode } = state;
  const fresh = useMemo<Row>(() => ({ ...defaultRow(entity), menuId: menu.id, resourceCode: menu.code }), [entity, menu]);
  const [loaded, setLoaded] = useState<Row | null>(mode === 'add' ? fresh : null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  const load = useCallback(() => {
    if (mode === 'add' || !state.id) return;
    let live = true;
    setFailed(false);
    setLoaded(null);
    fetchDetail(entity, state.id)
      .then((row) => live && setLoaded(row))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [entity, mode, state.id]);
  useEffect(() => load(), [load]);

  const watched = Form.useWatch('scopeType', form) as unknown;
  const type = Number(watched ?? loaded?.scopeType ?? 1);
  const custom = kind === 'data' && type === CUSTOM_SCOPE;

  // A default column follows the type (create_user for own rows, create_dept otherwise); a typed one stays.
  useEffect(() => {
    if (kind !== 'data' || mode === 'view' || !loaded || watched === undefined) return;
    const column = form.getFieldValue('scopeColumn');
    const other = defaultScopeColumn(type === OWN_SCOPE ? 1 : OWN_SCOPE);
    if (!column || column === other) form.setFieldValue('scopeColumn', defaultScopeColumn(type));
  }, [kind, mode, loaded, watched, type, form]);

  // The custom rule is required when it is shown.
  const formEntity = useMemo<EntityDef>(() => {
    if (!custom) return entity;
    const rule = entity.fields.scopeValue!;
    return { ...entity, fields: { ...entity.fields, scopeValue: { ...rule, required: RULE_REQUIRED } } };
  }, [entity, custom]);

  const submit = async () => {
    if (mode === 'view' || saving || !loaded) return;
    let values: Row;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    const body = saveBody(entity, values, loaded);
    body.menuId = loaded.menuId ?? menu.id;
    if (kind === 'data' && !custom) body.scopeValue = '';
    setSaving(true);
    try {
      await saveRow(entity, body, mode === 'add');
    } catch {
      setSaving(false); // the toast said why; the form keeps what was typed
      return;
    }
    toastSuccess(t(mode === 'add' ? 'crud.addSuccess' : 'crud.updateSuccess'));
    onSaved();
    onClose();
  };

  const label = localText(entity.label);
  const name = currentLanguage() === 'en' ? label.toLowerCase() : label;
  const heading = `${t(mode === 'add' ? 'crud.titleAdd' : mode === 'edit' ? 'crud.titleEdit' : 'crud.titleView', { name })} · ${menu.name}`;
  const fields = kind === 'data' ? [...DATA_FIELDS, ...(custom ? ['scopeValue'] : []), 'remark'] : undefined;

  return (
    <Modal
      className="ba-crud-dialog"
      visible={visible}
      title={heading}
      style={{ width: DIALOG_WIDTH, maxWidth: 'calc(100vw - 32px)' }}
      onCancel={onClose}
      maskClosable={false}
      escToExit
      afterClose={afterClose}
      footer={
        mode === 'view' ? (
          <Button onClick={onClose}>{t('crud.close')}</Button>
        ) : (
          <DialogFooter saving={saving} ready={!!loaded} onCancel={onClose} onSave={() => void submit()} saveLabel={t(mode === 'add' ? 'crud.save' : 'crud.update')} testId="crud-save" />
        )
      }
    >
      <div className="ba-crud-dialog-body">
        <LoadState failed={failed} data={loaded} onRetry={() => void load()}>
          {(loaded) => (
          <EntityForm
            entity={formEntity}
            form={form}
            mode={mode}
            fields={fields}
            controls={kind === 'data' ? { scopeValue: <RuleInput /> } : undefined}
            initialValues={loaded}
            onSubmit={() => void submit()}
          />
        )}
      </LoadState>
      </div>
    </Modal>
  );
}

/** The scope dialog: each opening a fresh form, kept mounted while it closes. */
export function ScopeDialog(props: ScopeDialogProps) {
  const { opening, visible, afterClose } = useDialogOpenings(props.state);
  if (!opening) return null;
  return <ScopeModal key={opening.key} {...props} state={opening.state} visible={visible} afterClose={afterClose} />;
}
