import { useCallback, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { Button, Message, Select, Tag, Tooltip } from '@arco-design/web-react';
import { IconCopy } from '@arco-design/web-react/icon';
import { query, REFERENCE_CACHE_MS, useKernel, useQuery, useTranslation } from '../../../core/sdk/browser';
import { BROWSER_SERVICE } from '../entities';

/** A row's value as text ('' for none). */
export const textOf = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The colour of an HTTP status: success green, redirect blue, refused orange, failed red. */
export function statusColor(status: number): string {
  if (status >= 500) return 'red';
  if (status >= 400) return 'orange';
  if (status >= 300) return 'arcoblue';
  return 'green';
}

export function StatusTag({ status }: { status: unknown }) {
  const code = Number(status);
  if (!Number.isFinite(code) || code <= 0) return null;
  return (
    <Tag size="small" color={statusColor(code)} className="ba-log-status" data-status={code}>
      {code}
    </Tag>
  );
}

/** Where an error happened: the browser (uploaded by the app) or the server. */
export function SourceTag({ serviceId }: { serviceId: unknown }) {
  const { t } = useTranslation();
  const browser = serviceId === BROWSER_SERVICE;
  return (
    <Tag size="small" color={browser ? 'purple' : 'cyan'} className="ba-log-source" data-source={browser ? 'browser' : 'server'}>
      {t(browser ? 'log.source.browser' : 'log.source.server')}
    </Tag>
  );
}

/** A duration in milliseconds, right-aligned in its column (the API log keeps it as text). */
export function Duration({ ms }: { ms: unknown }) {
  const { t } = useTranslation();
  const shown = String(ms ?? '').trim();
  return <span className="ba-log-ms">{/^\d+$/.test(shown) ? t('log.ms', { ms: Number(shown).toLocaleString() }) : shown || '-'}</span>;
}

/** Copies `value` to the clipboard, saying whether it worked. */
export function CopyButton({ value, label }: { value: string; label?: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      Message.success({ id: 'log:copied', content: t('log.copied') });
    } catch {
      Message.warning({ id: 'log:copied', content: t('log.copyFailed') });
    }
  };
  const name = label ?? t('log.copy');
  return (
    <Tooltip content={name} mini>
      <Button type="text" size="mini" icon={<IconCopy />} aria-label={name} onClick={() => void copy()} className="ba-log-copy" />
    </Tooltip>
  );
}

/** A value in a monospace line, with its copy button (a request id). */
export function CopyText({ value, children }: { value: string; children?: ReactNode }) {
  if (!value) return <>-</>;
  return (
    <span className="ba-log-copytext">
      <code>{children ?? value}</code>
      <CopyButton value={value} />
    </span>
  );
}

/** Text that is JSON shown indented; anything else as it is. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** One value kept in the address beside the list's own (`log.tenant`, `log.status`: view state, so the tab stays the same tab): a reload or a link keeps it. */
export function useAddressValue(key: string): [string, (value: string) => void] {
  const [search, setSearch] = useSearchParams();
  const value = search.get(key) ?? '';
  const set = useCallback(
    (next: string) =>
      setSearch(
        (current) => {
          const copy = new URLSearchParams(current);
          if (next) copy.set(key, next);
          else copy.delete(key);
          // A new choice starts the list from its first page.
          copy.delete('list.page');
          return copy;
        },
        { replace: true },
      ),
    [key, setSearch],
  );
  return [value, set];
}

const ADMIN_TENANT = '000000';

/** Whether the signed-in user is the super administrator (an administrator of tenant 000000), who may read any tenant's logs. */
function useSuperAdministrator(): boolean {
  const { session } = useKernel();
  return session.userInfo?.tenant_id === ADMIN_TENANT && session.roles.includes('administrator');
}

interface TenantChoice {
  tenantId: string;
  tenantName: string;
}

/**
 * The tenant whose logs the super administrator reads (`?log.tenant=`, sent as `tenantId`); empty: their own.
 * Anyone else reads their own tenant's and is shown no picker (the server ignores a tenant they name).
 */
export function useLogTenant(): { tenantId: string; setTenantId: (id: string) => void; params: Record<string, string> | undefined } {
  const [tenantId, setTenantId] = useAddressValue('log.tenant');
  const mayChoose = useSuperAdministrator();
  const chosen = mayChoose ? tenantId : '';
  return { tenantId: chosen, setTenantId, params: chosen ? { tenantId: chosen } : undefined };
}

/** The super administrator's choice of tenant; nothing for anyone else, or while the tenants cannot be read. */
export const TenantPicker = observer(function TenantPicker({ tenantId, onChange }: { tenantId: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const mayChoose = useSuperAdministrator();
  // Silent: without the tenant plugin there is nothing to choose, and the logs are the user's own tenant's.
  const tenants = useQuery(mayChoose ? query<TenantChoice[]>('/api/blade-system/tenant', '/api/blade-system/tenant/select', { cacheFor: REFERENCE_CACHE_MS, silent: true }) : null);
  if (!mayChoose || !tenants.data?.length) return null;
  return (
    <label className="ba-log-tenant">
      <span>{t('log.tenant')}</span>
      <Select
        size="small"
        style={{ width: 200 }}
        aria-label={t('log.tenantHint')}
        value={tenantId || ADMIN_TENANT}
        onChange={(value: string) => onChange(value === ADMIN_TENANT ? '' : value)}
        options={tenants.data.map((tenant) => ({ value: tenant.tenantId, label: `${tenant.tenantName} (${tenant.tenantId})` }))}
        showSearch
      />
    </label>
  );
});
