import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Checkbox, Input, Space, Tag } from '@arco-design/web-react';
import { IconCheckCircle, IconStop } from '@arco-design/web-react/icon';
import { CrudPage, fieldPlaceholder, type Row, saveRow, toastSuccess, useCrudCan, useCrudList, useTranslation } from '../../../core/sdk/browser';
import { clientEntity, GRANT_TYPES } from '../entities';
import '../locales';

/** What a secret looks like in the list. */
const MASK = '******';

/** The grant types as a checkbox group; the form keeps them comma-joined, in the declared order. */
function GrantTypes({ value, onChange, disabled }: { value?: unknown; onChange?: (value: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const checked = String(value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return (
    <Checkbox.Group
      disabled={disabled}
      value={checked}
      options={GRANT_TYPES.map((g) => ({ value: g, label: `${t(`client.grant.${g}`)} (${g})` }))}
      onChange={(next: string[]) => onChange?.(GRANT_TYPES.filter((g) => next.includes(g)).join(','))}
    />
  );
}

/**
 * 停用 / 启用: `submit` with the id and the new status only (the other columns stay as they are); the save
 * reloads every view of the clients.
 */
function StatusAction({ row }: { row: Row }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const enabled = Number(row.status) !== 0;
  return (
    <Button
      type="text"
      size="mini"
      status={enabled ? 'warning' : 'success'}
      loading={busy}
      icon={enabled ? <IconStop /> : <IconCheckCircle />}
      onClick={async () => {
        setBusy(true);
        try {
          await saveRow(clientEntity, { id: row.id, status: enabled ? 0 : 1 }, false);
          toastSuccess(t(enabled ? 'client.disabledOk' : 'client.enabledOk'));
        } catch {
          // the toast said why (the client of one's own session, say)
        } finally {
          setBusy(false);
        }
      }}
    >
      {t(enabled ? 'client.disable' : 'client.enable')}
    </Button>
  );
}

/**
 * /system/client: the kit's list screen for OAuth clients. Secrets are masked in the list (the server
 * masks them too), grant types are a checkbox group, a disabled client is tagged and can be enabled again.
 */
const ClientPage = observer(function ClientPage() {
  const { t } = useTranslation();
  const list = useCrudList({ entity: clientEntity });
  const canEdit = useCrudCan(clientEntity)('edit');
  const grantLabels = (value: unknown) =>
    String(value ?? '')
      .split(',')
      .filter(Boolean)
      .map((g) => ((GRANT_TYPES as readonly string[]).includes(g) ? t(`client.grant.${g}`) : g))
      .join(', ');
  return (
    <CrudPage
      entity={clientEntity}
      list={list}
      table={{
        cells: {
          clientId: (_value, row, text) => (
            <Space size={6}>
              {text}
              {Number(row.status) === 0 ? (
                <Tag size="small" color="gray">
                  {t('client.disabled')}
                </Tag>
              ) : null}
            </Space>
          ),
          clientSecret: () => MASK,
          authorizedGrantTypes: (value) => grantLabels(value),
        },
      }}
      dialog={{
        form: {
          controls: {
            authorizedGrantTypes: <GrantTypes />,
            clientSecret: <Input.Password autoComplete="new-password" maxLength={256} placeholder={fieldPlaceholder(clientEntity.fields.clientSecret)} />,
          },
        },
      }}
      extraActionsWidth={80}
      extraRowActions={canEdit ? (row) => <StatusAction row={row} /> : undefined}
    />
  );
});

export default ClientPage;
