import { useEffect, useMemo } from 'react';
import { Button, Form, Input } from '@arco-design/web-react';
import { currentLanguage, defaultRow, DIALOG_WIDTH, type DialogOpeningProps, DialogOpenings, type DialogState, type EntityDef, EntityForm, fetchDetail, fieldLabel, localText, RecordDialog, type Row, saveBody, saveRow, useRecordDialog, useTranslation } from '../../../core/sdk/browser';
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
function ScopeModal({ entity, kind, menu, state, opening, onClose, onSaved }: ScopeDialogProps & { state: DialogState; opening: DialogOpeningProps }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Row>();
  const { mode, id } = state;
  const dialog = useRecordDialog<Row, Row>({
    load: mode === 'add' || !id ? undefined : () => fetchDetail(entity, id),
    initial: mode === 'add' ? { ...defaultRow(entity), menuId: menu.id, resourceCode: menu.code } : undefined,
    prepare: async (loaded) => {
      const body = saveBody(entity, await form.validate(), loaded);
      body.menuId = loaded.menuId ?? menu.id;
      if (kind === 'data' && !custom) body.scopeValue = '';
      return body;
    },
    save: mode === 'view' ? undefined : (body) => saveRow(entity, body, mode === 'add'),
    success: t(mode === 'add' ? 'crud.addSuccess' : 'crud.updateSuccess'),
    onSaved,
    onClose,
  });
  const loaded = dialog.data;

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

  const label = localText(entity.label);
  const name = currentLanguage() === 'en' ? label.toLowerCase() : label;
  const heading = `${t(mode === 'add' ? 'crud.titleAdd' : mode === 'edit' ? 'crud.titleEdit' : 'crud.titleView', { name })} · ${menu.name}`;
  const fields = kind === 'data' ? [...DATA_FIELDS, ...(custom ? ['scopeValue'] : []), 'remark'] : undefined;

  return (
    <RecordDialog dialog={dialog} opening={opening} title={heading} width={DIALOG_WIDTH} className="ba-crud-dialog" saveLabel={t(mode === 'add' ? 'crud.save' : 'crud.update')} testId="crud-save">
      {(loaded) => (
        <EntityForm
          entity={formEntity}
          form={form}
          mode={mode}
          fields={fields}
          controls={kind === 'data' ? { scopeValue: <RuleInput /> } : undefined}
          initialValues={loaded}
        />
      )}
    </RecordDialog>
  );
}

/** The scope dialog: each opening a fresh form, kept mounted while it closes. */
export function ScopeDialog(props: ScopeDialogProps) {
  return <DialogOpenings state={props.state}>{(state, opening) => <ScopeModal {...props} state={state} opening={opening} />}</DialogOpenings>;
}
