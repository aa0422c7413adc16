import { useState, type ReactNode } from 'react';
import { Button, Input, Select, Space } from '@arco-design/web-react';
import { IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { useTranslation } from '../../../../core/sdk/browser';
import { useCategoryOptions, useTenantOptions } from './DeployTargetFields';

/** The filters of the manager's and the follow list: sent as they are (`category=flow_1&tenantId=…`). */
export type AdminFilters = Record<string, string>;

/** Which filters a list offers: the category, the tenant, and text fields by their parameter name. */
export interface FilterBarProps {
  category?: boolean;
  texts: { name: string; label: string; maxLength: number }[];
  onSearch: (filters: AdminFilters) => void;
}

/** A small search bar of selects and inputs; 搜索 applies it from page 1, 重置 clears it. */
export function FilterBar({ category, texts, onSearch }: FilterBarProps) {
  const { t } = useTranslation();
  const categories = useCategoryOptions();
  const tenants = useTenantOptions();
  const [values, setValues] = useState<AdminFilters>({});
  const set = (name: string, value: string | undefined) => setValues((before) => ({ ...before, [name]: value ?? '' }));
  const search = () => onSearch(Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== '').map(([k, v]) => [k, v.trim()])));
  const field = (label: string, control: ReactNode) => (
    <label className="flow-filter">
      <span>{label}</span>
      {control}
    </label>
  );
  return (
    <form
      className="flow-filter-bar"
      onSubmit={(event) => {
        event.preventDefault();
        search();
      }}
    >
      <Space wrap size="medium">
        {field(
          t('flow.admin.tenant'),
          <Select style={{ width: 200 }} allowClear showSearch placeholder={t('flow.admin.allTenants')} options={tenants.options} value={values.tenantId || undefined} onChange={(v: string | undefined) => set('tenantId', v)} data-testid="flow-filter-tenant" />,
        )}
        {category
          ? field(
              t('flow.admin.category'),
              <Select style={{ width: 160 }} allowClear placeholder={t('flow.admin.allCategories')} options={categories} value={values.category || undefined} onChange={(v: string | undefined) => set('category', v)} data-testid="flow-filter-category" />,
            )
          : null}
        {texts.map((text) =>
          field(text.label, <Input key={text.name} style={{ width: 180 }} allowClear maxLength={text.maxLength} value={values[text.name] ?? ''} onChange={(v) => set(text.name, v)} data-testid={`flow-filter-${text.name}`} />),
        )}
        <Button type="primary" htmlType="submit" icon={<IconSearch />} data-testid="flow-filter-search">
          {t('flow.admin.search')}
        </Button>
        <Button
          icon={<IconRefresh />}
          onClick={() => {
            setValues({});
            onSearch({});
          }}
        >
          {t('flow.admin.reset')}
        </Button>
      </Space>
    </form>
  );
}
