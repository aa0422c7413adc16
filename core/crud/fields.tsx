import type { ReactNode } from 'react';
import { Button, DatePicker, Input, InputNumber, Radio, Select, Switch } from '@arco-design/web-react';
import type { RulesProps } from '@arco-design/web-react/es/Form/interface';
import { currentLanguage, i18n, localText } from '../i18n';
import { defaultMaxLength, imagesMax, patternRules, type EntityDef, type FieldDef } from '../schema/entity';
import { formatYuan, MAX_FEN } from '../schema/money';
import type { SourceState } from './choices';
import { ImagesWall } from './controls/ImagesWall';
import { ImageUpload } from './controls/ImageUpload';
import { MoneyInput } from './controls/MoneyInput';
import { RichTextInput } from './controls/RichTextInput';
import { richTextPlain } from './controls/RichTextView';
import { linkList } from './controls/upload';
import type { ChoiceOption } from './dictionary';
import { DATE_FORMAT, DATETIME_FORMAT } from './query';

export type FormMode = 'add' | 'edit' | 'view';

/** The label of a field in the current language. */
export function fieldLabel(field: FieldDef): string {
  return localText(field.label);
}

/**
 * `请输入参数名称` / `Enter the name` for a typed value, `请选择…` / `Choose the …` for a value picked from
 * choices, a tree or a calendar (by the field's type, or `chosen` for a control of one's own).
 */
export function fieldPlaceholder(field: FieldDef, chosen = false): string {
  const label = fieldLabel(field);
  const choose = chosen || hasChoices(field) || field.type === 'select' || field.type === 'switch' || field.type === 'date' || field.type === 'datetime' || field.type === 'id';
  return i18n.t(choose ? 'crud.placeholderSelect' : 'crud.placeholderInput', { label: currentLanguage() === 'en' ? label.toLowerCase() : label });
}

/** Whether a field has choices (fixed options, a dictionary or an endpoint). */
export function hasChoices(field: FieldDef): boolean {
  return Boolean(field.options || field.dict || field.source);
}

/** The grid span a field takes in the dialog form: its own, or the whole row for long values. */
export function fieldSpan(field: FieldDef): 12 | 24 {
  return field.span ?? (field.type === 'text' || field.type === 'richtext' || field.type === 'images' ? 24 : 12);
}

/** Whether a field is in the dialog form in this mode (ids only when they offer choices). */
export function inForm(field: FieldDef, mode: FormMode): boolean {
  if (field.type === 'id' && !hasChoices(field)) return false;
  if (field.form === undefined || typeof field.form === 'boolean') return field.form !== false;
  return field.form[mode] !== false;
}

/** The fields of the dialog form in this mode, in definition order (or the order given). */
export function formFields(entity: EntityDef, mode: FormMode, names?: readonly string[], always: readonly string[] = []): [string, FieldDef][] {
  const order = names ?? Object.keys(entity.fields);
  return order.flatMap((name) => {
    const field = entity.fields[name];
    return field && (inForm(field, mode) || always.includes(name)) ? [[name, field] as [string, FieldDef]] : [];
  });
}

/** The fields shown as table columns (ids only when they offer choices). */
export function listFields(entity: EntityDef): [string, FieldDef][] {
  return Object.entries(entity.fields).filter(([, field]) => field.list !== false && (field.type !== 'id' || hasChoices(field)));
}

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/** The validation rules of a field: required (the definition's message), length, bounds, pattern. */
export function fieldRules(field: FieldDef): RulesProps[] {
  const label = fieldLabel(field);
  const rules: RulesProps[] = [];
  if (field.required) {
    const message = localText(field.required);
    rules.push({ required: true, message });
    // Spaces alone are not a value either (the server trims them away).
    rules.push({ validator: (value, callback) => callback(blank(value) ? message : undefined) });
  }
  if (field.type === 'string' || field.type === 'text' || field.type === 'richtext') {
    const max = defaultMaxLength(field);
    rules.push({ type: 'string', maxLength: max, message: i18n.t('crud.tooLong', { label, max }) });
  }
  if (field.type === 'images') {
    const max = imagesMax(field);
    rules.push({ validator: (value, callback) => callback(linkList(value).length > max ? i18n.t('crud.imagesTooMany', { max }) : undefined) });
  }
  if (field.type === 'money') rules.push(moneyRule(field));
  if (field.type === 'integer' || field.type === 'number') {
    if (field.min !== undefined) rules.push({ type: 'number', min: field.min, message: i18n.t('crud.tooSmall', { label, min: field.min }) });
    if (field.max !== undefined) rules.push({ type: 'number', max: field.max, message: i18n.t('crud.tooLarge', { label, max: field.max }) });
  }
  const patterns = patternRules(field).map((rule) => ({ test: new RegExp(rule.source), message: localText(rule.message) }));
  if (patterns.length) {
    // One validator for all, so that only the first broken rule is shown (the length before the form, say).
    rules.push({ validator: (value, callback) => callback(blank(value) ? undefined : patterns.find((p) => !p.test.test(String(value)))?.message) });
  }
  return rules;
}

/**
 * An amount: whole fen (the control holds the typed text instead while it is no amount with at most two
 * decimals) within the field's bounds, which are in fen and said in yuan.
 */
function moneyRule(field: FieldDef): RulesProps {
  const label = fieldLabel(field);
  const min = field.min ?? 0;
  const max = field.max ?? MAX_FEN;
  return {
    validator: (value, callback) => {
      if (blank(value)) return callback(undefined);
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) return callback(i18n.t('crud.moneyInvalid', { label }));
      if (value < min) return callback(i18n.t('crud.tooSmall', { label, min: formatYuan(min, { symbol: true }) }));
      callback(value > max ? i18n.t('crud.tooLarge', { label, max: formatYuan(max, { symbol: true }) }) : undefined);
    },
  };
}

/** When a field is validated: text on blur (and on submit); choices as soon as they change. */
export function fieldTrigger(field: FieldDef): string[] {
  return field.type === 'string' || field.type === 'text' || field.type === 'integer' || field.type === 'number' || field.type === 'money' ? ['onBlur'] : ['onChange', 'onBlur'];
}

/** Matches a typed search against an option's label (Arco gives the option's element). */
const labelMatches = (input: string, option: unknown) => String((option as { props?: { children?: unknown } })?.props?.children ?? '').toLowerCase().includes(input.toLowerCase());

/** A select of choices read from an endpoint: searchable, busy while they load, a retry when they failed. */
function sourceSelect(placeholder: string | undefined, choices: { value: string | number; label: string }[], state: SourceState | undefined): ReactNode {
  const failed = state?.failed ?? false;
  return (
    <Select
      placeholder={placeholder}
      options={choices}
      allowClear
      showSearch
      filterOption={labelMatches}
      loading={state?.loading}
      notFoundContent={
        failed ? (
          <div className="ba-source-failed" role="alert">
            <span>{i18n.t('crud.choicesFailed')}</span>
            <Button size="mini" type="text" onClick={() => state?.reload()}>
              {i18n.t('crud.retry')}
            </Button>
          </div>
        ) : undefined
      }
    />
  );
}

/**
 * The form control of a field, by type. `source`: how the choices of a field read from an endpoint are
 * doing (from `useFieldChoices`).
 */
export function fieldControl(
  field: FieldDef,
  options: readonly ChoiceOption[],
  { search = false, view = false, source }: { search?: boolean; view?: boolean; source?: SourceState } = {},
): ReactNode {
  // Read-only (view): no "please enter" prompts in empty fields.
  const placeholder = view ? undefined : fieldPlaceholder(field);
  const choices = options.map((o) => ({ value: o.value, label: o.label }));
  if (field.source && (field.type === 'select' || field.type === 'id')) return sourceSelect(placeholder, choices, source);
  switch (field.type) {
    case 'text':
      return search ? <Input placeholder={placeholder} allowClear /> : <Input.TextArea placeholder={placeholder} autoSize={{ minRows: 3, maxRows: 8 }} maxLength={defaultMaxLength(field)} />;
    case 'integer':
    case 'number':
      return <InputNumber placeholder={placeholder} min={field.min} max={field.max} precision={field.type === 'integer' ? 0 : undefined} style={{ width: '100%' }} />;
    case 'money':
      // The search form's too: an exact amount, sent as fen.
      return <MoneyInput placeholder={placeholder} />;
    case 'switch':
      if (search || choices.length === 0) {
        return search ? (
          <Select placeholder={placeholder} options={choices.length ? choices : yesNo()} allowClear />
        ) : (
          <Switch />
        );
      }
      return <Radio.Group options={choices} />;
    case 'select':
    case 'id':
      return <Select placeholder={placeholder} options={choices} allowClear showSearch={choices.length > 8} filterOption={labelMatches} />;
    case 'date':
      return <DatePicker placeholder={placeholder} format={DATE_FORMAT} style={{ width: '100%' }} />;
    case 'datetime':
      return <DatePicker placeholder={placeholder} showTime format={DATETIME_FORMAT} style={{ width: '100%' }} />;
    case 'image':
      return <ImageUpload label={fieldLabel(field)} />;
    case 'images':
      return <ImagesWall label={fieldLabel(field)} max={imagesMax(field)} />;
    case 'richtext':
      return <RichTextInput label={fieldLabel(field)} />;
    default:
      return <Input placeholder={placeholder} maxLength={search ? undefined : defaultMaxLength(field)} allowClear />;
  }
}

function yesNo(): { value: number; label: string }[] {
  return [
    { value: 1, label: i18n.t('crud.yes') },
    { value: 0, label: i18n.t('crud.no') },
  ];
}

/** A switch without options is 0/1 in the data and a Switch on screen. */
export function switchMapping(field: FieldDef): { triggerPropName?: string; formatter?: (v: unknown) => unknown; normalize?: (v: unknown) => unknown } {
  if (field.type !== 'switch' || hasChoices(field)) return {};
  return { triggerPropName: 'checked', formatter: (v) => v === 1 || v === '1' || v === true, normalize: (v) => (v ? 1 : 0) };
}

/** The text shown in a table cell for a value (and exported): a choice's label, rich text's words. */
export function cellText(field: FieldDef, value: unknown, options: readonly ChoiceOption[]): string {
  if (value === undefined || value === null || value === '') return '';
  if (field.type === 'richtext') return richTextPlain(String(value));
  if (field.type === 'money') return moneyText(value);
  if (options.length > 0) {
    const found = options.find((o) => String(o.value) === String(value));
    if (found) return found.label;
  }
  if (field.type === 'switch') return i18n.t(value === 1 || value === '1' || value === true ? 'crud.yes' : 'crud.no');
  return String(value);
}

/** An amount in fen as people read it (`¥1,234.56`); anything that is not whole fen as it came. */
export function moneyText(value: unknown): string {
  const fen = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d{1,16}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(fen) ? formatYuan(fen, { symbol: true }) : String(value);
}
