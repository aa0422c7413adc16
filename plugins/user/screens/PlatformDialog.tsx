import { Form, Input, Select } from '@arco-design/web-react';
import { http, localText, RecordDialog, useRecordDialog, useTranslation } from '../../../core/sdk/browser';
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
  const dialog = useRecordDialog<PlatformDetail, Values>({
    load: async () => (await http.get<PlatformDetail | null>('/api/blade-user/platform-detail', { params: { id: userId } })).data ?? {},
    prepare: () => form.validate(),
    save: (values) => http.post('/api/blade-user/update-platform', undefined, { params: { userId, userType: values.userType, userExt: values.userExt ?? '' } }),
    success: t('user.success'),
    onClose,
  });

  const typeOf = (d: PlatformDetail) => (USER_TYPES.some((u) => u.value === d.userType) ? d.userType! : 1);
  return (
    <RecordDialog dialog={dialog} title={t('user.platformTitle')} className="ba-user-small-dialog" saveLabel={t('crud.confirm')} testId="platform-save">
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
    </RecordDialog>
  );
}

/** 平台配置 of one user: the platform and its extension text (`platform-detail`, `update-platform`). */
export function PlatformDialog({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  return userId ? <PlatformForm key={userId} userId={userId} onClose={onClose} /> : null;
}
