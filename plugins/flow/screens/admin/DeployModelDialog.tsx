import { useState } from 'react';
import { Alert, Button, Form, Modal } from '@arco-design/web-react';
import { failureText, toastSuccess, useTranslation } from '../../../../core/sdk/browser';

import { deployModel, type DeployedDefinition, type DeployTarget, type FlowModel } from './api';
import { DeployedList, DeployTargetFields, EMPTY_TARGET } from './DeployTargetFields';

/**
 * 部署 a model: its category and tenants, then the definitions made (one new version per tenant). A
 * refusal (the category or a tenant unknown, the XML not runnable) stays in the dialog with the choices.
 */
export function DeployModelDialog({ model, onClose }: { model: FlowModel | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DeployTarget>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [deployed, setDeployed] = useState<DeployedDefinition[] | null>(null);

  const submit = async () => {
    if (!model) return;
    let target: DeployTarget;
    try {
      target = await form.validate();
    } catch {
      return; // the fields say what is missing
    }
    setBusy(true);
    setError('');
    try {
      const answer = await deployModel(model.id, target);
      toastSuccess(t('flow.admin.deployedTitle'));
      setDeployed(answer.definitions ?? []);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      visible={model !== null}
      title={model ? t('flow.admin.deployTitle', { name: model.name }) : ''}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        setError('');
        setDeployed(null);
      }}
      unmountOnExit
      footer={
        deployed ? (
          <Button type="primary" onClick={onClose}>
            {t('flow.admin.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>{t('flow.admin.cancel')}</Button>
            <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="flow-deploy-submit">
              {t('flow.admin.deploy')}
            </Button>
          </>
        )
      }
    >
      {deployed ? (
        <Alert type="success" title={t('flow.admin.deployedTitle')} content={<DeployedList lines={deployed} />} />
      ) : (
        <Form form={form} layout="vertical" initialValues={EMPTY_TARGET} onSubmit={() => void submit()}>
          {error ? <Alert type="error" content={error} style={{ marginBottom: 12 }} data-testid="flow-deploy-error" /> : null}
          <DeployTargetFields disabled={busy} />
        </Form>
      )}
    </Modal>
  );
}
