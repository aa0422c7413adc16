import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { Form, Grid, type FormInstance } from '@arco-design/web-react';
import type { RulesProps } from '@arco-design/web-react/es/Form/interface';
import type { EntityDef, FieldDef } from '../schema/entity';
import type { CellRenderer } from './CrudTable';
import { typeView } from './cells';
import { useFieldChoices } from './choices';
import type { ChoiceOption } from './dictionary';
import { FieldLabel, formColumns, ViewValue } from './FieldLabel';
import { cellText, fieldControl, fieldLabel, fieldPlaceholder, fieldRules, fieldSpan, fieldTrigger, formFields, switchMapping, type FormMode } from './fields';
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
  /**
   * What depends on the values being typed (and the row as loaded): fields hidden, required (with the
   * definition's message, else `请输入<label>`) or not editable, worked out again on every change (a
   * menu's route is required, a button's is not).
   */
  dynamic?: (values: Row, loaded: Row) => DynamicFields;
  initialValues?: Row;
  /** Viewing: the list's own drawing of a field's cell, so that a value reads as it does in the list. */
  cells?: Partial<Record<string, CellRenderer>>;
  /** Enter in a one-line control. */
  onSubmit?: () => void;
  /** After each change the user makes (a page telling its unsaved changes, say). */
  onValuesChange?: (changed: Row, values: Row) => void;
}

/** Fields hidden, required or not editable for the values in the form. */
export interface DynamicFields {
  hidden?: readonly string[];
  required?: readonly string[];
  disabled?: readonly string[];
}

/** True for an Enter that should submit: in a one-line text input, not in a list, a picker, a tag input or a textarea. */
export function isSubmitEnter(event: KeyboardEvent): boolean {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing || event.shiftKey || event.ctrlKey || event.altKey || event.metaKey) return false;
  const target = event.target as HTMLElement;
  if (target.tagName !== 'INPUT') return false;
  // A tag input takes Enter to add the tag typed.
  return !target.closest('.arco-select, .arco-picker, .arco-cascader, .arco-tree-select, .arco-auto-complete, .arco-input-tag');
}

/** A field's rules when it is required here though its definition does not say so. */
function requiredRules(field: FieldDef): RulesProps[] {
  if (field.required) return fieldRules(field);
  const message = fieldPlaceholder(field);
  return [{ required: true, message }, { validator: (value, callback) => callback(value === undefined || value === null || String(value).trim() === '' ? message : undefined) }, ...fieldRules(field)];
}

/**
 * A value being viewed (the form gives it `value`): the list's text or cell for it, '-' when empty;
 * pictures and rich text shown whole (a bigger preview, the formatted text).
 */
function ViewField({ value, field, options, cell, row }: { value?: unknown; field: FieldDef; options: readonly ChoiceOption[]; cell?: CellRenderer; row: Row }) {
  const text = cellText(field, value, options);
  const whole = cell ? undefined : typeView(field, value, options);
  return <ViewValue text={whole ? '' : text}>{cell ? cell(value, row, text) : whole}</ViewValue>;
}

/**
 * The dialog form of an entity: controls by field type, the definition's rules (checked on blur and on
 * submit, the messages in the current language), `editable: false` fields disabled when editing, every
 * field read-only in view mode, where each value reads as the list shows it ('-' when empty).
 */
export function EntityForm({ entity, form, mode, fields, show = [], disabled = [], controls = {}, dynamic, initialValues, cells = {}, onSubmit, onValuesChange }: EntityFormProps) {
  const shown = formFields(entity, mode, fields, [...show, ...Object.keys(controls)]);
  const choices = useFieldChoices(shown.map(([, f]) => f));
  // Control ids unique on the page (a search field and a dialog field share a name).
  const uid = `ba-form-${useId().replace(/[^\w-]/g, '')}`;
  const isDisabled = (name: string, field: FieldDef, also: readonly string[] = []) =>
    mode === 'view' || disabled.includes(name) || also.includes(name) || field.writable === 'never' || (mode === 'edit' && (field.editable === false || field.writable === 'create'));

  const grid = ({ hidden, required, disabled: alsoDisabled }: DynamicFields) => (
    <Grid.Row gutter={16}>
      {shown.map(([name, field]) => {
        if (hidden?.includes(name)) return null;
        const span = fieldSpan(field);
        return (
          <Grid.Col key={name} span={span}>
            <Form.Item
              field={name}
              label={<FieldLabel text={fieldLabel(field)} />}
              {...formColumns()}
              rules={mode === 'view' ? undefined : required?.includes(name) ? requiredRules(field) : fieldRules(field)}
              validateTrigger={fieldTrigger(field)}
              disabled={isDisabled(name, field, alsoDisabled)}
              {...(mode === 'view' ? {} : switchMapping(field))}
            >
              {controls[name] ??
                (mode === 'view' ? (
                  <ViewField field={field} options={choices.optionsOf(field)} cell={cells[name]} row={initialValues ?? {}} />
                ) : (
                  fieldControl(field, choices.optionsOf(field), { source: choices.sourceOf(field) })
                ))}
            </Form.Item>
          </Grid.Col>
        );
      })}
    </Grid.Row>
  );

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
        onValuesChange={(changed: Row, values: Row) => {
          // A field showing an error is checked again as it changes (its first check is on blur).
          const names = Object.keys(changed).filter((name) => form.getFieldError(name));
          if (names.length) void form.validate(names).catch(() => undefined);
          onValuesChange?.(changed, values);
        }}
      >
        {dynamic ? (
          <Form.Item shouldUpdate noStyle>
            {(values: Row) => grid(dynamic(values, initialValues ?? {}))}
          </Form.Item>
        ) : (
          grid({})
        )}
      </Form>
    </div>
  );
}
