import { useMemo } from 'react';
import { Checkbox, Input, InputNumber, Select, Table, Tooltip, type TableColumnProps } from '@arco-design/web-react';
import { IconExclamationCircle } from '@arco-design/web-react/icon';
import { query, REFERENCE_CACHE_MS, useQuery, useTranslation } from '../../../core/sdk/browser';
import { GEN_FIELD_TYPES, GEN_SEARCH, type GenField, type GenFieldType } from '../spec';

/** A system dictionary as the dictionary select offers it. */
interface DictChoice {
  code: string;
  name: string;
}

const DICT_BASE = '/api/blade-system/dict';
/** The engine's largest page: every system dictionary at once (there are a few dozen). */
const DICT_PAGE = 500;

const dictionariesQuery = query<DictChoice[]>(DICT_BASE, `${DICT_BASE}/parent-list`, {
  params: { current: 1, size: DICT_PAGE },
  cacheFor: REFERENCE_CACHE_MS,
  silent: true,
  select: (data) => {
    const records = (data as { records?: { code?: unknown; dictValue?: unknown }[] } | null)?.records ?? [];
    return records.map((r) => ({ code: String(r.code ?? ''), name: String(r.dictValue ?? '') })).filter((d) => d.code);
  },
});

const TEXT_TYPES: readonly GenFieldType[] = ['string', 'text', 'richtext'];
const NUMBER_TYPES: readonly GenFieldType[] = ['integer', 'number', 'money'];

export interface FieldsTableProps {
  fields: readonly GenField[];
  onChange: (fields: GenField[]) => void;
}

/**
 * One row per column of the table: whether it is in the plugin, and the field it becomes (name, type,
 * labels, rules, dictionary, how it is searched and shown). Every control is a plain form control named
 * after its column and the source column, so the table is worked through with Tab. Rows left out stay
 * (greyed): including one again is one click.
 */
export function FieldsTable({ fields, onChange }: FieldsTableProps) {
  const { t } = useTranslation();
  const dictionaries = useQuery(dictionariesQuery);
  const dictOptions = useMemo(() => (dictionaries.data ?? []).map((d) => ({ value: d.code, label: `${d.name} (${d.code})` })), [dictionaries.data]);
  const change = (index: number, patch: Partial<GenField>) => onChange(fields.map((field, i) => (i === index ? { ...field, ...patch } : field)));
  const named = (key: string, field: GenField) => `${t(`code.col.${key}`)} ${field.column}`;
  const check = (key: 'include' | 'required' | 'list' | 'form' | 'sortable' | 'unique'): TableColumnProps<GenField> => ({
    title: t(`code.col.${key}`),
    key,
    width: key === 'include' ? 64 : 72,
    align: 'center',
    render: (_v: unknown, field: GenField, i: number) => (
      <Checkbox aria-label={named(key, field)} checked={field[key]} onChange={(checked: boolean) => change(i, { [key]: checked })} />
    ),
  });
  const label = (language: 'zh' | 'en'): TableColumnProps<GenField> => {
    const key = language === 'zh' ? 'labelZh' : 'labelEn';
    return {
      title: t(`code.col.${key}`),
      key,
      width: 150,
      render: (_v: unknown, field: GenField, i: number) => (
        <Input size="small" aria-label={named(key, field)} value={field.label[language]} maxLength={64} onChange={(text) => change(i, { label: { ...field.label, [language]: text } })} />
      ),
    };
  };
  const count = (key: 'maxLength' | 'min' | 'max', enabled: (field: GenField) => boolean): TableColumnProps<GenField> => ({
    title: t(`code.col.${key}`),
    key,
    width: 110,
    render: (_v: unknown, field: GenField, i: number) => (
      <InputNumber
        size="small"
        aria-label={named(key, field)}
        disabled={!enabled(field)}
        value={field[key] ?? undefined}
        min={key === 'maxLength' ? 1 : undefined}
        precision={key === 'maxLength' ? 0 : undefined}
        onChange={(value) => change(i, { [key]: typeof value === 'number' && Number.isFinite(value) ? value : null })}
      />
    ),
  });

  const columns: TableColumnProps<GenField>[] = [
    check('include'),
    {
      title: t('code.col.column'),
      key: 'column',
      width: 180,
      render: (_v: unknown, field: GenField) => (
        <span className="code-field-column">
          <span className="code-field-column-name">{field.column}</span>
          <span className="code-field-column-type">{field.columnType}</span>
        </span>
      ),
    },
    {
      title: t('code.col.name'),
      key: 'name',
      width: 160,
      render: (_v: unknown, field: GenField, i: number) => <Input size="small" aria-label={named('name', field)} value={field.name} maxLength={31} onChange={(name) => change(i, { name })} />,
    },
    {
      title: t('code.col.type'),
      key: 'type',
      width: 130,
      render: (_v: unknown, field: GenField, i: number) => (
        <Select
          size="small"
          aria-label={named('type', field)}
          value={field.type}
          options={GEN_FIELD_TYPES.map((type) => ({ value: type, label: t(`code.types.${type}`) }))}
          // A dictionary belongs to a choice only; a range search to dates and numbers.
          onChange={(type: GenFieldType) => change(i, { type, dict: type === 'select' ? field.dict : '', search: field.search === 'range' && !rangeable(type) ? '' : field.search })}
        />
      ),
    },
    label('zh'),
    label('en'),
    check('required'),
    count('maxLength', (field) => TEXT_TYPES.includes(field.type)),
    count('min', (field) => NUMBER_TYPES.includes(field.type)),
    count('max', (field) => NUMBER_TYPES.includes(field.type)),
    {
      title: t('code.col.dict'),
      key: 'dict',
      width: 200,
      render: (_v: unknown, field: GenField, i: number) => (
        <span className="code-field-dict">
          <Select
            size="small"
            aria-label={named('dict', field)}
            placeholder={field.type === 'select' ? t('code.chooseDict') : undefined}
            disabled={field.type !== 'select'}
            allowClear
            showSearch
            loading={dictionaries.loading}
            value={field.dict || undefined}
            options={dictOptions}
            filterOption={(input, option) => String((option as { props?: { children?: unknown } }).props?.children ?? '').toLowerCase().includes(input.trim().toLowerCase())}
            onChange={(dict?: string) => change(i, { dict: dict ?? '' })}
          />
          {dictionaries.failed && field.type === 'select' ? (
            <Tooltip content={t('code.dictFailed')} mini>
              <IconExclamationCircle className="code-field-warn" aria-label={t('code.dictFailed')} />
            </Tooltip>
          ) : null}
        </span>
      ),
    },
    {
      title: t('code.col.search'),
      key: 'search',
      width: 120,
      render: (_v: unknown, field: GenField, i: number) => (
        <Select
          size="small"
          aria-label={named('search', field)}
          value={field.search}
          options={GEN_SEARCH.filter((s) => s !== 'range' || rangeable(field.type)).map((s) => ({ value: s, label: t(`code.searches.${s || 'none'}`) }))}
          onChange={(search: GenField['search']) => change(i, { search })}
        />
      ),
    },
    check('list'),
    check('form'),
    check('sortable'),
    check('unique'),
  ];

  return (
    <Table<GenField>
      className="code-fields-table"
      data-testid="code-fields"
      rowKey="column"
      size="small"
      border={{ wrapper: true, cell: true }}
      columns={columns}
      data={[...fields]}
      pagination={false}
      scroll={{ x: columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0) }}
      rowClassName={(field) => (field.include ? '' : 'code-field-excluded')}
      noDataElement={<div className="code-empty">{t('code.noFields')}</div>}
    />
  );
}

/** Dates and numbers can be searched from–to. */
function rangeable(type: GenFieldType): boolean {
  return type === 'date' || type === 'datetime' || NUMBER_TYPES.includes(type);
}
