import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input, Modal, Select } from '@arco-design/web-react';
import { DialogFooter, LoadState } from '../../../core/crud';
import { http, toastSuccess } from '../../../core/http';
import { localText } from '../../../core/i18n';
import { USER_TYPES } from '../entities';

interface PlatformDetail {
  account?: string;
  realName?: string;
  userType?: number;
  userExts?: Record<string, string>;
}

interface Values {
  userType: number;
  userExt: string;
}

function PlatformForm({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [detail, setDetail] = useState<PlatformDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    setFailed(false);
    setDetail(null);
    http
      .get<PlatformDetail | null>('/api/blade-user/platform-detail', { params: { id: userId } })
      .then((res) => live && setDetail(res.data ?? {}))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [userId, round]);

  const typeOf = (d: PlatformDetail) => (USER_TYPES.some((u) => u.value === d.userType) ? d.userType! : 1);
  const submit = async () => {
    if (saving || !detail) return;
    let values: Values;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await http.post('/api/blade-user/update-platform', undefined, { params: { userId, userType: values.userType, userExt: values.userExt ?? '' } });
    } catch {
      setSaving(false);
      return;
    }
    toastSuccess(t('user.success'));
    onClose();
  };

  return (
    <Modal
      className="ba-user-small-dialog"
      visible
      title={t('user.platformTitle')}
      onCancel={onClose}
      maskClosable={false}
      escToExit
      footer={
        <DialogFooter saving={saving} ready={!!detail} onCancel={onClose} onSave={() => void submit()} saveLabel={t('crud.confirm')} testId="platform-save" />
      }
    >
      <LoadState failed={failed} data={detail} onRetry={() => setRound((r) => r + 1)}>
        {(detail) => (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ userType: typeOf(detail), userExt: detail.userExts?.[String(typeOf(detail))] ?? '' }}
          onValuesChange={(changed) => {
            // Each platform keeps its own text: switching shows the stored one.
            if ('userType' in changed) form.setFieldValue('userExt', detail.userExts?.[String(changed.userType)] ?? '');
          }}
        >
          <Form.Item label={t('user.reportAccount')}>
            <Input value={`${detail.account ?? ''}${detail.realName ? ` (${detail.realName})` : ''}`} disabled readOnly />
          </Form.Item>
          <Form.Item field="userType" label={t('user.userType')}>
            <Select options={USER_TYPES.map((u) => ({ value: u.value, label: localText(u.label) }))} />
          </Form.Item>
          <Form.Item field="userExt" label={t('user.userExt')} extra={t('user.userExtHint')} rules={[{ maxLength: 255, message: t('crud.tooLong', { label: t('user.userExt'), max: 255 }) }]}>
            <Input.TextArea maxLength={255} showWordLimit autoSize={{ minRows: 3, maxRows: 8 }} />
          </Form.Item>
          </Form>
        )}
      </LoadState>
    </Modal>
  );
}

/** 平台配置 of one user: the platform and its extension text (`platform-detail`, `update-platform`). */
export function PlatformDialog({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  return userId ? <PlatformForm key={userId} userId={userId} onClose={onClose} /> : null;
}
