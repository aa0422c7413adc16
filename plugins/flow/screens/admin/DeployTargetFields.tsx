import { Form, Select } from '@arco-design/web-react';
import { query, REFERENCE_CACHE_MS, useDictionary, useQuery, useTranslation } from '../../../../core/sdk/browser';
import { FLOW_DICTIONARY } from '../../dictionary';
import type { DeployTarget } from './api';

interface TenantChoice {
  tenantId: string;
  tenantName: string;
}

/** The tenants the super administrator may deploy for: the tenant plugin's choices. */
const tenantsQuery = query<TenantChoice[]>('/api/blade-system/tenant', '/api/blade-system/tenant/select', {
  cacheFor: REFERENCE_CACHE_MS,
  select: (data) => (Array.isArray(data) ? (data as TenantChoice[]) : []),
});

/** A process's category: `flow_<key>` of the flow dictionary. */
export const categoryOf = (dictKey: string | number) => `flow_${dictKey}`;

/** The flow dictionary's entries as category choices (`flow_1` 请假流程…). */
export function useCategoryOptions(): { value: string; label: string }[] {
  return useDictionary(FLOW_DICTIONARY).options.map((o) => ({ value: categoryOf(o.value), label: o.label }));
}

/** The tenants as choices, `name (id)`. */
export function useTenantOptions(): { options: { value: string; label: string }[]; loading: boolean } {
  const tenants = useQuery(tenantsQuery);
  return { options: (tenants.data ?? []).map((tenant) => ({ value: tenant.tenantId, label: `${tenant.tenantName} (${tenant.tenantId})` })), loading: tenants.loading };
}

export const EMPTY_TARGET: DeployTarget = { category: '', tenantIds: [] };

/**
 * Where a deployment goes: the category (from the flow dictionary, which names the form the process
 * runs with) and the tenants that each get a new version. Fields of an Arco form whose fields are
 * `category` and `tenantIds`.
 */
export function DeployTargetFields({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const categories = useCategoryOptions();
  const tenants = useTenantOptions();
  return (
    <>
      <Form.Item label={t('flow.admin.category')} field="category" rules={[{ required: true, message: t('flow.admin.chooseCategory') }]}>
        <Select options={categories} placeholder={t('flow.admin.chooseCategory')} disabled={disabled} data-testid="flow-deploy-category" />
      </Form.Item>
      <Form.Item label={t('flow.admin.tenants')} field="tenantIds" extra={t('flow.admin.tenantsHint')} rules={[{ required: true, type: 'array', minLength: 1, message: t('flow.admin.chooseTenants') }]}>
        <Select
          mode="multiple"
          options={tenants.options}
          loading={tenants.loading}
          placeholder={t('flow.admin.chooseTenants')}
          disabled={disabled}
          allowClear
          showSearch
          filterOption={(input, option) => String((option as { props?: { children?: unknown } }).props?.children ?? '').toLowerCase().includes(input.toLowerCase())}
          data-testid="flow-deploy-tenants"
        />
      </Form.Item>
    </>
  );
}

/** The definitions a deployment made, one line each. */
export function DeployedList({ lines }: { lines: { id: string; tenantId: string; key: string; version: number }[] }) {
  const { t } = useTranslation();
  return (
    <ul className="flow-admin-deployed" data-testid="flow-deployed">
      {lines.map((line) => (
        <li key={line.id}>{t('flow.admin.deployedLine', { tenant: line.tenantId, key: line.key, version: line.version })}</li>
      ))}
    </ul>
  );
}
