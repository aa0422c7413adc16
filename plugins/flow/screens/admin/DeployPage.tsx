import { useRef, useState } from 'react';
import { Alert, Button, Card, Empty, Form, Space, Spin, Tag } from '@arco-design/web-react';
import { IconCheckCircleFill, IconCloseCircleFill, IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { failureText, toastSuccess, useTranslation } from '../../../../core/sdk/browser';

import { checkUpload, definitionsOf, deployUpload, type DeployedDefinition, type DeployTarget } from './api';
import { DeployedList, DeployTargetFields, EMPTY_TARGET } from './DeployTargetFields';
import './admin.css';

/** A chosen file and what the server's check said of it. */
interface ChosenFile {
  key: number;
  file: File;
  state: 'checking' | 'ok' | 'refused';
  reason: string;
}

const PROCESS_FILE = /\.(bpmn|bpmn20\.xml|xml)$/i;
const MAX_FILE_BYTES = 1024 * 1024;
const MAX_FILES = 10;

/**
 * /flow/deploy: BPMN files deployed as they are. Each file is checked by the server when it is chosen (its
 * bytes, not its name: it must be a process the engine runs) and listed with ✓ or the reason; with a
 * category and the tenants, 部署 deploys them all, or none when one is refused.
 */
export default function DeployPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<DeployTarget>();
  const inputRef = useRef<HTMLInputElement>(null);
  const nextKey = useRef(1);
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [deployed, setDeployed] = useState<DeployedDefinition[]>([]);

  const settle = (key: number, state: ChosenFile['state'], reason: string) => setFiles((list) => list.map((f) => (f.key === key ? { ...f, state, reason } : f)));

  const add = (chosen: readonly File[]) => {
    setError('');
    const room = MAX_FILES - files.length;
    const added = chosen.slice(0, Math.max(0, room)).map((file): ChosenFile => {
      const key = nextKey.current++;
      if (!PROCESS_FILE.test(file.name)) return { key, file, state: 'refused', reason: t('flow.admin.wrongType') };
      if (file.size > MAX_FILE_BYTES) return { key, file, state: 'refused', reason: t('flow.admin.fileTooLarge') };
      return { key, file, state: 'checking', reason: '' };
    });
    setFiles((list) => [...list, ...added]);
    for (const item of added.filter((f) => f.state === 'checking')) {
      checkUpload(item.file).then(
        (answer) => settle(item.key, answer.success ? 'ok' : 'refused', answer.success ? '' : answer.msg),
        (failure: unknown) => settle(item.key, 'refused', failureText(failure)),
      );
    }
  };

  const deploy = async () => {
    let target: DeployTarget;
    try {
      target = await form.validate();
    } catch {
      return;
    }
    setBusy(true);
    setError('');
    try {
      const answer = await deployUpload(
        files.map((f) => f.file),
        target,
      );
      setDeployed(definitionsOf(answer));
      setFiles([]);
      toastSuccess(t('flow.admin.deployedTitle'));
    } catch (failure) {
      setError(t('flow.admin.deployFailed', { reason: failureText(failure) }));
    } finally {
      setBusy(false);
    }
  };

  const checking = files.some((f) => f.state === 'checking');
  const refused = files.some((f) => f.state === 'refused');
  return (
    <div className="flow-admin-page flow-deploy">
      <Card title={t('flow.admin.deployPageTitle')} bordered={false}>
        <Space direction="vertical" size="medium" style={{ width: '100%', maxWidth: 720 }}>
          <div>
            <Button icon={<IconPlus />} onClick={() => inputRef.current?.click()} disabled={busy || files.length >= MAX_FILES} data-testid="flow-deploy-choose">
              {t('flow.admin.chooseFiles')}
            </Button>
            <div className="flow-admin-hint">{t('flow.admin.filesHint')}</div>
            <input
              ref={inputRef}
              type="file"
              multiple
              hidden
              accept=".bpmn,.xml"
              data-testid="flow-deploy-files"
              onChange={(event) => {
                add([...(event.target.files ?? [])]);
                event.target.value = '';
              }}
            />
          </div>
          {files.length === 0 ? (
            <Empty description={t('flow.admin.noFiles')} />
          ) : (
            <ul className="flow-deploy-files" data-testid="flow-deploy-list">
              {files.map((item) => (
                <li key={item.key} data-state={item.state}>
                  <span className="flow-deploy-file-state">
                    {item.state === 'checking' ? <Spin size={14} /> : item.state === 'ok' ? <IconCheckCircleFill className="is-ok" /> : <IconCloseCircleFill className="is-refused" />}
                  </span>
                  <span className="flow-deploy-file-name">{item.file.name}</span>
                  {item.state === 'checking' ? <Tag size="small">{t('flow.admin.checking')}</Tag> : null}
                  {item.state === 'ok' ? (
                    <Tag size="small" color="green">
                      {t('flow.admin.checkOk')}
                    </Tag>
                  ) : null}
                  {item.state === 'refused' ? <span className="flow-deploy-file-reason">{item.reason}</span> : null}
                  <Button
                    type="text"
                    size="mini"
                    icon={<IconDelete />}
                    aria-label={`${t('flow.admin.removeFile')} ${item.file.name}`}
                    disabled={busy}
                    onClick={() => setFiles((list) => list.filter((f) => f.key !== item.key))}
                  />
                </li>
              ))}
            </ul>
          )}
          {refused ? <Alert type="warning" content={t('flow.admin.refusedFiles')} /> : null}
          <Form form={form} layout="vertical" initialValues={EMPTY_TARGET} onSubmit={() => void deploy()}>
            <DeployTargetFields disabled={busy} />
          </Form>
          {error ? <Alert type="error" content={error} data-testid="flow-deploy-error" /> : null}
          <Button type="primary" loading={busy} disabled={files.length === 0 || checking || refused} onClick={() => void deploy()} data-testid="flow-deploy-upload">
            {t('flow.admin.deployFiles')}
          </Button>
          {deployed.length > 0 ? <Alert type="success" title={t('flow.admin.deployedTitle')} content={<DeployedList lines={deployed} />} closable onClose={() => setDeployed([])} /> : null}
        </Space>
      </Card>
    </div>
  );
}
