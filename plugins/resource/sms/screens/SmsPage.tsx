import { useState } from 'react';
import { Button, Switch, Tag } from '@arco-design/web-react';
import { CrudPage, http, invalidateResource, toastSuccess, useCan, useTranslation } from '../../../../core/sdk/browser';
import { ENABLED } from '../../enabling/enabled';
import { SMS_CODE } from '../codes';
import { ALIYUN, smsEntity } from '../entity';
import { SendTestDialog, type SmsConfigView } from './SendTestDialog';

const CATEGORY_COLOR: Readonly<Record<number, string>> = { [ALIYUN]: 'orangered' };

/**
 * /resource/sms: the kit's list of SMS configurations with the provider as a tag, the secret key shown
 * only as set or not, the enabled flag as a switch (enabling one disables the tenant's others: the list
 * reloads to show the stored flags), and per row 发送测试短信.
 */
export default function SmsPage() {
  const { t } = useTranslation();
  const mayEdit = useCan(SMS_CODE.edit).can;
  const maySend = useCan(SMS_CODE.send).can;
  const [switching, setSwitching] = useState<string | null>(null);
  const [testing, setTesting] = useState<SmsConfigView | null>(null);

  const setEnabled = async (row: SmsConfigView, on: boolean) => {
    setSwitching(row.id);
    try {
      const res = await http.post(`${smsEntity.api.base}/${on ? 'enable' : 'disable'}`, undefined, { params: { id: row.id } });
      toastSuccess(on ? t('resource.sms.enabledOk') : res.msg);
    } catch {
      // The pipeline's toast said why.
    } finally {
      setSwitching(null);
      await invalidateResource(smsEntity);
    }
  };

  return (
    <>
      <CrudPage
        entity={smsEntity}
        extraActionsWidth={maySend ? 110 : 0}
        table={{
          cells: {
            category: (value, _row, text) => <Tag color={CATEGORY_COLOR[Number(value)] ?? 'arcoblue'}>{text}</Tag>,
            secretKey: (value) => (value ? <Tag color="green">{t('resource.sms.secretSet')}</Tag> : <Tag>{t('resource.sms.secretUnset')}</Tag>),
            status: (value, row) => {
              const view = row as unknown as SmsConfigView;
              const on = Number(value) === ENABLED;
              return (
                <Switch
                  size="small"
                  checked={on}
                  disabled={!mayEdit}
                  loading={switching === view.id}
                  aria-label={`${on ? t('resource.sms.disable') : t('resource.sms.enable')} ${view.smsCode}`}
                  data-testid={`sms-enabled-${view.smsCode}`}
                  onChange={(checked) => void setEnabled(view, checked)}
                />
              );
            },
          },
        }}
        extraRowActions={(row) =>
          maySend ? (
            <Button type="text" size="mini" data-testid={`sms-send-${String(row.smsCode)}`} onClick={() => setTesting(row as unknown as SmsConfigView)}>
              {t('resource.sms.send')}
            </Button>
          ) : null
        }
      />
      {testing ? <SendTestDialog config={testing} onClose={() => setTesting(null)} /> : null}
    </>
  );
}
