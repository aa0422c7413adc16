import { useState } from 'react';
import { Alert, Button, Modal } from '@arco-design/web-react';
import { CrudPage, entityListQuery, http, invalidateResource, toastSuccess, useCan, useDictionary, useQuery, useTranslation } from '../../../core/sdk/browser';
import { ENABLED } from '../enabling/enabled';
import { OSS_BUTTON, OSS_DICTIONARY, ossEntity } from './entity';
import './oss.css';

interface OssRowView {
  id?: unknown;
  ossCode?: unknown;
  category?: unknown;
  status?: unknown;
}

/** Where the tenant's uploads go now: the enabled configuration, or the database when none is. */
function StoreInUse() {
  const { t } = useTranslation();
  const enabled = useQuery(entityListQuery(ossEntity, { current: 1, size: 1, status_equal: ENABLED }));
  const kinds = useDictionary(OSS_DICTIONARY.code);
  if (enabled.data === undefined) {
    return <Alert className="resource-oss-in-use" type={enabled.failed ? 'error' : 'info'} content={enabled.failed ? t('crud.loadFailed') : t('resource.oss.loadingInUse')} />;
  }
  const row = enabled.data.records[0] as OssRowView | undefined;
  if (!row) return <Alert className="resource-oss-in-use" type="warning" content={t('resource.oss.inDatabase')} data-testid="oss-in-use" />;
  const kind = kinds.items.find((i) => String(i.dictKey) === String(row.category));
  return (
    <Alert className="resource-oss-in-use" type="success" data-testid="oss-in-use" content={t('resource.oss.inUse', { code: String(row.ossCode ?? ''), kind: kind ? kind.dictValue : String(row.category ?? '') })} />
  );
}

/**
 * /resource/oss: the kit's list of storage configurations, with a line saying where uploads go now, and
 * per row 启用 / 停用 (asked once more: it changes where every later upload goes) and 连接测试. The
 * server answers each with its reason; the list then reloads, so the enabled flag shown is the stored one.
 */
export default function OssPage() {
  const { t } = useTranslation();
  const mayEnable = useCan(OSS_BUTTON.enable).can;
  const mayTest = useCan(OSS_BUTTON.test).can;
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (row: OssRowView, action: 'enable' | 'disable' | 'test') => {
    const id = String(row.id);
    setBusy(`${action}:${id}`);
    try {
      const res = await http.post(`${ossEntity.api.base}/${action}`, undefined, { params: { id } });
      toastSuccess(res.msg);
    } catch {
      // The pipeline's toast said why (the store's reason, in the caller's language).
    } finally {
      setBusy(null);
      if (action !== 'test') await invalidateResource(ossEntity);
    }
  };
  const confirmThen = (row: OssRowView, action: 'enable' | 'disable') =>
    Modal.confirm({
      title: t(`resource.oss.${action}Title`),
      content: t(`resource.oss.${action}Confirm`, { code: String(row.ossCode ?? '') }),
      okText: t('crud.confirm'),
      cancelText: t('crud.cancel'),
      onOk: () => act(row, action),
    });

  return (
    <>
      <StoreInUse />
      <CrudPage
        entity={ossEntity}
        extraActionsWidth={currentWidth(mayEnable, mayTest)}
        extraRowActions={(row) => {
          const view = row as OssRowView;
          const id = String(view.id);
          const enabled = Number(view.status) === ENABLED;
          return (
            <>
              {mayEnable ? (
                <Button type="text" size="mini" status={enabled ? 'warning' : 'success'} loading={busy === `${enabled ? 'disable' : 'enable'}:${id}`} onClick={() => confirmThen(view, enabled ? 'disable' : 'enable')}>
                  {enabled ? t('resource.oss.disable') : t('resource.oss.enable')}
                </Button>
              ) : null}
              {mayTest ? (
                <Button type="text" size="mini" loading={busy === `test:${id}`} onClick={() => void act(view, 'test')}>
                  {busy === `test:${id}` ? t('resource.oss.testing') : t('resource.oss.test')}
                </Button>
              ) : null}
            </>
          );
        }}
      />
    </>
  );
}

const currentWidth = (enable: boolean, test: boolean) => (enable ? 64 : 0) + (test ? 96 : 0);
