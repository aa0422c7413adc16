import { useMemo, useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Drawer, Modal, Tag } from '@arco-design/web-react';
import { IconDelete, IconImage, IconPause, IconPlayArrow } from '@arco-design/web-react/icon';
import { CrudTable, CrudToolbar, currentLanguage, defineEntity, toastSuccess, useCrudList, useGranted, useTranslation, type CellRenderer, type Row } from '../../../../core/sdk/browser';
import { changeState, deleteDeployment, MANAGER_API } from './api';
import { DefinitionDiagram } from './DefinitionDiagram';
import { FilterBar, type AdminFilters } from './FilterBar';
import './admin.css';

/** The deployed definitions as the list shows them (every tenant's, all versions). */
const definitionEntity = defineEntity({
  name: 'flowDefinition',
  table: 'flow_definition',
  label: { zh: '流程定义', en: 'Process definition' },
  permission: 'flow_manager',
  tenant: false,
  api: { base: MANAGER_API },
  fields: {
    tenantId: { type: 'string', label: { zh: '租户', en: 'Tenant' }, width: 160 },
    key: { type: 'string', label: { zh: '流程标识', en: 'Process key' }, width: 150 },
    name: { type: 'string', label: { zh: '流程名称', en: 'Process' }, width: 170 },
    version: { type: 'integer', label: { zh: '版本', en: 'Version' }, width: 80 },
    categoryName: { type: 'string', label: { zh: '流程分类', en: 'Category' }, width: 120 },
    suspensionState: { type: 'integer', label: { zh: '状态', en: 'State' }, width: 90 },
    deploymentTime: { type: 'datetime', label: { zh: '部署时间', en: 'Deployed' }, width: 170 },
  },
});

const COLUMNS = ['tenantId', 'key', 'name', 'version', 'categoryName', 'suspensionState', 'deploymentTime'];
const CODES = ['flow_manager_state', 'flow_manager_image', 'flow_manager_remove'];
const SUSPENDED = 2;

interface Definition {
  id: string;
  name: string;
  version: number;
  tenantId: string;
  deploymentId: string;
  suspended: boolean;
}

const asDefinition = (row: Row): Definition => ({
  id: String(row.id),
  name: String(row.name ?? ''),
  version: Number(row.version ?? 0),
  tenantId: String(row.tenantId ?? ''),
  deploymentId: String(row.deploymentId ?? ''),
  suspended: Number(row.suspensionState) === SUSPENDED,
});

/**
 * /flow/manager: every tenant's deployed process definitions, each version, filtered by category, tenant
 * and key. 变更状态 suspends or activates one (confirmed), 流程图 shows its diagram, 删除 removes its
 * deployment with its instances (confirmed, naming it).
 */
const ManagerPage = observer(function ManagerPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AdminFilters>({});
  const params = useMemo(() => ({ ...filters }), [filters]);
  const list = useCrudList({ entity: definitionEntity, params, url: false });
  const granted = useGranted(CODES);
  const [viewing, setViewing] = useState<Definition | null>(null);

  const confirmState = (definition: Definition) => {
    const state = definition.suspended ? 'active' : 'suspend';
    Modal.confirm({
      title: t(definition.suspended ? 'flow.admin.activateTitle' : 'flow.admin.suspendTitle'),
      content: t(definition.suspended ? 'flow.admin.activateContent' : 'flow.admin.suspendContent', { name: definition.name, id: definition.id }),
      okText: t(definition.suspended ? 'flow.admin.activate' : 'flow.admin.suspend'),
      cancelText: t('flow.admin.cancel'),
      onOk: async () => {
        try {
          toastSuccess(await changeState(definition.id, state));
        } catch {
          // the HTTP pipeline's toast said why
        }
      },
    });
  };
  const confirmDelete = (definition: Definition) =>
    Modal.confirm({
      title: t('flow.admin.removeDeploymentTitle'),
      content: t('flow.admin.removeDeploymentContent', { name: definition.name, version: definition.version, tenant: definition.tenantId }),
      okText: t('flow.admin.delete'),
      cancelText: t('flow.admin.cancel'),
      okButtonProps: { status: 'danger' },
      onOk: async () => {
        try {
          toastSuccess(await deleteDeployment(definition.deploymentId));
          await list.afterRemove(1);
        } catch {
          // the HTTP pipeline's toast said why
        }
      },
    });

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
  const action = (key: string, label: string, icon: ReactNode, onClick: () => void, danger = false) => (
    <Button key={key} type="text" size="mini" icon={icon} status={danger ? 'danger' : undefined} onClick={onClick} data-testid={`flow-manager-${key}`}>
      {label}
    </Button>
  );
  const shown = CODES.filter(granted).length;
  return (
    <div className="ba-crud flow-admin-page">
      <FilterBar category texts={[{ name: 'processDefinitionKey', label: t('flow.admin.processKey'), maxLength: 64 }]} onSearch={setFilters} />
      <CrudToolbar list={list} columns={COLUMNS} params={params} />
      <CrudTable
        list={list}
        columns={COLUMNS}
        selection={false}
        cells={cells}
        actionsWidth={shown > 0 ? 32 + shown * (currentLanguage() === 'en' ? 96 : 76) : undefined}
        actions={
          shown > 0
            ? (row) => {
                const definition = asDefinition(row);
                return (
                  <>
                    {granted('flow_manager_state')
                      ? action('state', t('flow.admin.changeState'), definition.suspended ? <IconPlayArrow /> : <IconPause />, () => confirmState(definition))
                      : null}
                    {granted('flow_manager_image') ? action('image', t('flow.admin.diagram'), <IconImage />, () => setViewing(definition)) : null}
                    {granted('flow_manager_remove') ? action('delete', t('flow.admin.delete'), <IconDelete />, () => confirmDelete(definition), true) : null}
                  </>
                );
              }
            : undefined
        }
      />
      <Drawer
        visible={viewing !== null}
        width="min(960px, 100vw)"
        title={viewing ? t('flow.admin.diagramTitle', { name: viewing.name, version: viewing.version }) : ''}
        footer={null}
        escToExit
        unmountOnExit
        onCancel={() => setViewing(null)}
      >
        {viewing ? <DefinitionDiagram key={viewing.id} processDefinitionId={viewing.id} /> : null}
      </Drawer>
    </div>
  );
});

export default ManagerPage;
