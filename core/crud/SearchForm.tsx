import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { Button, DatePicker, Form, type FormInstance } from '@arco-design/web-react';
import { IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { useStable } from '../kernel/stable';
import type { EntityDef, FieldDef } from '../schema/entity';
import { useFieldChoices } from './choices';
import { isSubmitEnter } from './EntityForm';
import { fieldControl, fieldLabel } from './fields';
import { CREATE_TIME_RANGE, DATE_FORMAT, DATETIME_FORMAT, searchFields, type SearchValues } from './query';
import './locales';
import './crud.css';

export interface SearchFormProps {
  entity: EntityDef;
  onSearch: (values: SearchValues) => void;
  onReset: () => void;
  /** Which search fields (default: every field with `search`). */
  fields?: readonly string[];
  /** Offer the create-time range (default: the definition's `createTimeRange`). */
  createTimeRange?: boolean;
  loading?: boolean;
  form?: FormInstance<SearchValues>;
  /** More controls after the fields. */
  extra?: ReactNode;
  /** The values in force (a list's filters from the address): shown when they change. */
  values?: SearchValues;
}

function rangeControl(field: FieldDef | null, t: (key: string) => string) {
  const date = field?.type === 'date';
  return (
    <DatePicker.RangePicker
      showTime={!date}
      format={date ? DATE_FORMAT : DATETIME_FORMAT}
      placeholder={[t('crud.rangeStart'), t('crud.rangeEnd')]}
      style={{ width: date ? 240 : 360 }}
    />
  );
}

/**
 * The search bar of a list screen: a control per field with `search`, the create-time range, a search
 * and a reset button. Enter in a text field searches.
 */
export function SearchForm({ entity, onSearch, onReset, fields, createTimeRange = entity.createTimeRange, loading, form: given, extra, values }: SearchFormProps) {
  const { t } = useTranslation();
  const [own] = Form.useForm<SearchValues>();
  // Control ids unique on the page (a search field and a dialog field share a name).
  const uid = `ba-search-${useId().replace(/[^\w-]/g, '')}`;
  const form = given ?? own;
  const shown = searchFields(entity).filter(([name]) => !fields || fields.includes(name));
  const choices = useFieldChoices(shown.map(([, f]) => f));
  // Values given anew on every render set the form only when they differ (the user's typing stays).
  const sameValues = useStable(values);
  useEffect(() => {
    if (sameValues) form.setFieldsValue(sameValues);
  }, [form, sameValues]);
  if (shown.length === 0 && !createTimeRange) return null;

  const search = () => onSearch(form.getFieldsValue() as SearchValues);
  const reset = () => {
    form.resetFields();
    onReset();
  };
  return (
    <div
      className="ba-crud-search"
      role="search"
      aria-label={t('crud.searchForm')}
      onKeyDown={(event) => {
        if (isSubmitEnter(event)) {
          event.preventDefault();
          search();
        }
      }}
    >
      <Form id={uid} form={form} layout="inline" onSubmit={search}>
        {shown.map(([name, field]) => (
          <Form.Item key={name} field={name} label={fieldLabel(field)}>
            {field.search === 'range' ? rangeControl(field, t) : fieldControl(field, choices.optionsOf(field), { search: true, source: choices.sourceOf(field) })}
          </Form.Item>
        ))}
        {createTimeRange ? (
          <Form.Item field={CREATE_TIME_RANGE} label={t('crud.createTime')}>
            {rangeControl(null, t)}
          </Form.Item>
        ) : null}
        {extra}
        <Form.Item className="ba-crud-search-buttons">
          <Button type="primary" icon={<IconSearch />} onClick={search} loading={loading}>
            {t('crud.search')}
          </Button>
          <Button icon={<IconRefresh />} onClick={reset}>
            {t('crud.reset')}
          </Button>
        </Form.Item>
      </Form>
    </div>
  );
}
