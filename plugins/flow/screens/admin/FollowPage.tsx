import { lazy, Suspense, useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Drawer, Form, Input, Modal, Spin, Tag } from '@arco-design/web-react';
import { IconDelete, IconEye } from '@arco-design/web-react/icon';
import {
  CrudTable,
  CrudToolbar,
  currentLanguage,
  defineEntity,
  failureText,
  toastSuccess,
  useCrudList,
  useGranted,
  useTranslation,
  type CellRenderer,
  type Row,
} from '../../../../core/sdk/browser';

import { deleteInstance, FOLLOW_API } from './api';
import { FilterBar, type AdminFilters } from './FilterBar';
import './admin.css';

const ProcessProgress = lazy(() => import('../../diagram/ProcessProgress'));

/** The running instances as the list shows them (every tenant's). */
const executionEntity = defineEntity({
  name: 'flowExecution',
  table: 'flow_instance',
  label: { zh: '流程实例', en: 'Process instance' },
  permission: 'flow_follow',
  tenant: false,
  api: { base: FOLLOW_API },
  fields: {
    tenantId: { type: 'string', label: { zh: '租户', en: 'Tenant' }, width: 160 },
    name: { type: 'string', label: { zh: '流程名称', en: 'Process' }, width: 170 },
    processDefinitionKey: { type: 'string', label: { zh: '流程标识', en: 'Process key' }, width: 150 },
    startUser: { type: 'string', label: { zh: '发起人', en: 'Started by' }, width: 110 },
    startTime: { type: 'datetime', label: { zh: '开始时间', en: 'Started' }, width: 170 },
    taskName: { type: 'string', label: { zh: '当前环节', en: 'Current step' }, width: 140 },
    suspensionState: { type: 'integer', label: { zh: '状态', en: 'State' }, width: 90 },
  },
});

const COLUMNS = ['tenantId', 'name', 'processDefinitionKey', 'startUser', 'startTime', 'taskName', 'suspensionState'];
const SUSPENDED = 2;

interface Instance {
  processInstanceId: string;
  name: string;
  startUser: string;
}

const asInstance = (row: Row): Instance => ({ processInstanceId: String(row.processInstanceId ?? row.id), name: String(row.name ?? ''), startUser: String(row.startUser ?? '') });

/**
 * /flow/follow: the running instances of every tenant (filtered by tenant, key and instance). 跟踪 shows an
 * instance's progress (its diagram with the passed and waiting steps, and its history); 删除 ends it, with
 * the reason asked for and kept.
 */
const FollowPage = observer(function FollowPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AdminFilters>({});
  const params = useMemo(() => ({ ...filters }), [filters]);
  const list = useCrudList({ entity: executionEntity, params, url: false });
  const granted = useGranted(['flow_follow_delete']);
  const [following, setFollowing] = useState<Instance | null>(null);
  const [deleting, setDeleting] = useState<Instance | null>(null);

  const cells: Partial<Record<string, CellRenderer>> = {
    tenantId: (value, row) => (row.tenantName ? `${String(row.tenantName)} (${String(value)})` : String(value ?? '')),
    suspensionState: (value) =>
      Number(value) === SUSPENDED ? (
        <Tag color="orange" size="small">
          {t('flow.admin.suspended')}
        </Tag>
      ) : (
        <Tag color="green" size="small">
          {t('flow.admin.active')}
        </Tag>
      ),
  };
  const buttons = 1 + (granted('flow_follow_delete') ? 1 : 0);
  return (
    <div className="ba-crud flow-admin-page">
      <FilterBar
        texts={[
          { name: 'processDefinitionKey', label: t('flow.admin.processKey'), maxLength: 64 },
          { name: 'processInstanceId', label: t('flow.admin.processInstanceId'), maxLength: 19 },
        ]}
        onSearch={setFilters}
      />
      <CrudToolbar list={list} columns={COLUMNS} params={params} />
      <CrudTable
        list={list}
        columns={COLUMNS}
        selection={false}
        cells={cells}
        actionsWidth={32 + buttons * (currentLanguage() === 'en' ? 92 : 64)}
        actions={(row) => {
          const instance = asInstance(row);
          return (
            <>
              <Button type="text" size="mini" icon={<IconEye />} onClick={() => setFollowing(instance)} data-testid="flow-follow-follow">
                {t('flow.admin.follow')}
              </Button>
              {granted('flow_follow_delete') ? (
                <Button type="text" size="mini" status="danger" icon={<IconDelete />} onClick={() => setDeleting(instance)} data-testid="flow-follow-delete">
                  {t('flow.admin.delete')}
                </Button>
              ) : null}
            </>
          );
        }}
      />
      <Drawer
        visible={following !== null}
        width="min(1100px, 100vw)"
        title={following ? t('flow.admin.followTitle', { name: following.name }) : ''}
        footer={null}
        escToExit
        unmountOnExit
        onCancel={() => setFollowing(null)}
      >
        {following ? (
          <Suspense fallback={<Spin className="flow-admin-spin" />}>
            <ProcessProgress key={following.processInstanceId} processInstanceId={following.processInstanceId} />
          </Suspense>
        ) : null}
      </Drawer>
      <DeleteInstanceDialog
        instance={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          void list.afterRemove(1);
        }}
      />
    </div>
  );
});

/** 删除 an instance: the reason is required; a refusal stays in the dialog with the reason typed. */
function DeleteInstanceDialog({ instance, onClose, onDeleted }: { instance: Instance | null; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ deleteReason: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async () => {
    if (!instance) return;
    let reason: string;
    try {
      reason = (await form.validate()).deleteReason.trim();
    } catch {
      return;
    }
    setBusy(true);
    setError('');
    try {
      toastSuccess(await deleteInstance(instance.processInstanceId, reason));
      onDeleted();
    } catch (failure) {
      setError(t('flow.admin.deleteFailed', { reason: failureText(failure) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      visible={instance !== null}
      title={t('flow.admin.deleteInstanceTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('flow.admin.delete')}
      cancelText={t('flow.admin.cancel')}
      okButtonProps={{ status: 'danger', loading: busy }}
      afterClose={() => {
        form.resetFields();
        setError('');
      }}
      unmountOnExit
    >
      {instance ? <p className="flow-admin-confirm">{t('flow.admin.deleteInstanceContent', { name: instance.name, starter: instance.startUser })}</p> : null}
      {error ? <Alert type="error" content={error} style={{ marginBottom: 12 }} data-testid="flow-follow-delete-error" /> : null}
      <Form form={form} layout="vertical" onSubmit={() => void submit()}>
        <Form.Item
          label={t('flow.admin.deleteReason')}
          field="deleteReason"
          rules={[
            { required: true, message: t('flow.admin.deleteReasonRequired') },
            { validator: (value: string | undefined, callback: (error?: string) => void) => callback(value && value.trim() ? undefined : t('flow.admin.deleteReasonRequired')) },
          ]}
        >
          <Input.TextArea maxLength={200} showWordLimit autoSize={{ minRows: 2, maxRows: 4 }} placeholder={t('flow.admin.deleteReasonPlaceholder')} data-testid="flow-follow-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default FollowPage;
