import { useId, useMemo, type KeyboardEvent, type ReactNode } from 'react';
import { Form, Grid, type FormInstance } from '@arco-design/web-react';
import type { EntityDef, FieldDef } from '../schema/entity';
import { fieldDictionaries, fieldOptions, useDictionaries } from './dictionary';
import { fieldControl, fieldLabel, fieldRules, fieldTrigger, formFields, switchMapping, type FormMode } from './fields';
import type { Row } from './query';
import './locales';
import './crud.css';

export interface EntityFormProps {
  entity: EntityDef;
  form: FormInstance<Row>;
  mode: FormMode;
  /** Which fields, in which order (default: the definition's, per mode). */
  fields?: readonly string[];
  /** Fields shown even where the definition hides them (an id with a custom control, say). */
  show?: readonly string[];
  /** Fields not editable in this form besides the definition's `editable: false` ones (when editing). */
  disabled?: readonly string[];
  /** A control of one's own for a field (it receives value/onChange from the form). */
  controls?: Partial<Record<string, ReactNode>>;
  initialValues?: Row;
  /** Enter in a one-line control. */
  onSubmit?: () => void;
}

/** True for an Enter that should submit: in a one-line text input, not in a list, a picker or a textarea. */
export function isSubmitEnter(event: KeyboardEvent): boolean {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing || event.shiftKey || event.ctrlKey || event.altKey || event.metaKey) return false;
  const target = event.target as HTMLElement;
  if (target.tagName !== 'INPUT') return false;
  return !target.closest('.arco-select, .arco-picker, .arco-cascader, .arco-tree-select, .arco-auto-complete');
}

/**
 * The dialog form of an entity: controls by field type, the definition's rules (checked on blur and on
 * submit, the messages in the current language), `editable: false` fields disabled when editing, every
 * field read-only in view mode.
 */
export function EntityForm({ entity, form, mode, fields, show = [], disabled = [], controls = {}, initialValues, onSubmit }: EntityFormProps) {
  const shown = formFields(entity, mode, fields, [...show, ...Object.keys(controls)]);
  const { items } = useDictionaries(useMemo(() => fieldDictionaries(shown.map(([, f]) => f)), [entity, mode, fields?.join(',')]));
  // Control ids unique on the page (a search field and a dialog field share a name).
  const uid = `ba-form-${useId().replace(/[^\w-]/g, '')}`;
  const isDisabled = (name: string, field: FieldDef) => mode === 'view' || disabled.includes(name) || (mode === 'edit' && field.editable === false);

  return (
    <div
      className={`ba-crud-form${mode === 'view' ? ' is-view' : ''}`}
      onKeyDown={(event) => {
        if (mode !== 'view' && onSubmit && isSubmitEnter(event)) {
          event.preventDefault();
          onSubmit();
        }
      }}
    >
      <Form
        id={uid}
        form={form}
        layout="horizontal"
        labelAlign="right"
        disabled={mode === 'view'}
        initialValues={initialValues}
        scrollToFirstError
        onValuesChange={(changed) => {
          // A field showing an error is checked again as it changes (its first check is on blur).
          const names = Object.keys(changed).filter((name) => form.getFieldError(name));
          if (names.length) void form.validate(names).catch(() => undefined);
        }}
      >
        <Grid.Row gutter={16}>
          {shown.map(([name, field]) => {
            const span = field.span ?? (field.type === 'text' ? 24 : 12);
            const wide = span === 24;
            return (
              <Grid.Col key={name} span={span}>
                <Form.Item
                  field={name}
                  label={fieldLabel(field)}
                  labelCol={{ span: wide ? 3 : 6 }}
                  wrapperCol={{ span: wide ? 21 : 18 }}
                  rules={mode === 'view' ? undefined : fieldRules(field)}
                  validateTrigger={fieldTrigger(field)}
                  disabled={isDisabled(name, field)}
                  {...switchMapping(field)}
                >
                  {controls[name] ?? fieldControl(field, fieldOptions(field, items), { view: mode === 'view' })}
                </Form.Item>
              </Grid.Col>
            );
          })}
        </Grid.Row>
      </Form>
    </div>
  );
}
