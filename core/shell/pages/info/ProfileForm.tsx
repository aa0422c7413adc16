import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n';
import { Button, Form, Input, Message, Result, Space, Spin, Upload } from '@arco-design/web-react';
import { IconCamera, IconLoading, IconUser } from '@arco-design/web-react/icon';
import { http } from '../../../http';
import { session } from '../../../session/session';
import { avatarError, emailError, phoneError } from './validators';

/** What `GET /api/blade-user/info` returns that this form edits (BladeX UserVO). */
interface UserVO {
  id: string;
  avatar?: string;
  realName?: string;
  name?: string;
  phone?: string;
  email?: string;
}
type Profile = Omit<UserVO, 'id'>;

interface BladeFile {
  link: string;
}

/** Avatar picker as a form control: jpg/png up to 500 kB, checked before anything is sent. */
function AvatarField({ value, onChange }: { value?: string; onChange?: (link: string) => void }) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  return (
    <Upload
      accept={{ type: 'image/jpeg,image/png,.jpg,.jpeg,.png', strict: false }}
      showUploadList={false}
      beforeUpload={(file) => {
        const error = avatarError(file);
        if (error) Message.error(t(error));
        return !error;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        const form = new FormData();
        form.append('file', file);
        setUploading(true);
        http
          .upload<BladeFile>('/api/blade-resource/oss/endpoint/put-file', form)
          .then((res) => {
            onChange?.(res.data.link);
            Message.success(t('info.avatarUploaded'));
            onSuccess(res);
          })
          .catch(() => onError())
          .finally(() => setUploading(false));
      }}
    >
      <button type="button" className="ba-avatar-picker" aria-label={t('info.avatarUpload')} aria-busy={uploading}>
        {value ? <img src={value} alt="" /> : <IconUser className="ba-avatar-placeholder" />}
        <span className="ba-avatar-mask">{uploading ? <IconLoading /> : <IconCamera />}</span>
      </button>
    </Upload>
  );
}

/** Personal info: loaded from the server, saved back, and mirrored into the top bar. */
export function ProfileForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Profile>();
  const [id, setId] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<Profile>({});
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    setFailed(false);
    try {
      const { data } = await http.get<UserVO>('/api/blade-user/info');
      const values: Profile = { avatar: data.avatar, realName: data.realName, name: data.name, phone: data.phone, email: data.email };
      setId(data.id);
      setLoaded(values);
      form.setFieldsValue(values);
    } catch {
      setFailed(true); // the pipeline has shown why
    } finally {
      setLoading(false);
    }
  }, [form]);

  useEffect(() => {
    void load();
  }, [load]);

  const save = async (values: Profile) => {
    setSaving(true);
    try {
      await http.post('/api/blade-user/update-info', { ...values, id });
      setLoaded(values);
      session.updateUserInfo({
        ...(values.avatar ? { avatar: values.avatar } : {}),
        ...(values.name ? { nick_name: values.name } : {}),
        ...(values.realName ? { real_name: values.realName } : {}),
      });
      Message.success(t('info.saved'));
    } catch {
      // The form keeps what was typed, so nothing is lost; the pipeline has shown the error.
    } finally {
      setSaving(false);
    }
  };

  if (failed) {
    return (
      <Result
        status="error"
        title={t('info.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void load()}>
            {t('info.retry')}
          </Button>
        }
      />
    );
  }

  return (
    <Spin loading={loading} style={{ display: 'block' }}>
      <Form<Profile> form={form} layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} onSubmit={save} style={{ maxWidth: 640 }}>
        <Form.Item label={t('info.avatar')} field="avatar" extra={t('info.avatarHint')}>
          <AvatarField />
        </Form.Item>
        <Form.Item label={t('info.realName')} field="realName">
          <Input maxLength={40} placeholder={t('info.realName')} />
        </Form.Item>
        <Form.Item label={t('info.name')} field="name">
          <Input maxLength={40} placeholder={t('info.name')} />
        </Form.Item>
        <Form.Item
          label={t('info.phone')}
          field="phone"
          required
          rules={[{ validator: (v: unknown, cb) => { const e = phoneError(v); cb(e ? t(e) : undefined); } }]}
        >
          <Input maxLength={11} inputMode="numeric" placeholder={t('info.phone')} />
        </Form.Item>
        <Form.Item
          label={t('info.email')}
          field="email"
          rules={[{ validator: (v: unknown, cb) => { const e = emailError(v); cb(e ? t(e) : undefined); } }]}
        >
          <Input maxLength={80} placeholder={t('info.email')} />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 5, span: 17 }}>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('info.submit')}
            </Button>
            <Button onClick={() => form.setFieldsValue({ ...loaded })} disabled={saving}>
              {t('info.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </Spin>
  );
}
