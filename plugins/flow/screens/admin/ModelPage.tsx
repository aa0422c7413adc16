import { useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { Button } from '@arco-design/web-react';
import { IconCloudDownload, IconDelete, IconDownload, IconEdit, IconPlus } from '@arco-design/web-react/icon';
import { confirmRemove, CrudTable, CrudToolbar, currentLanguage, defineEntity, saveBlob, SearchForm, useCrudList, useGranted, useTranslation } from '../../../../core/sdk/browser';
import { downloadModel, MODEL_API, type FlowModel } from './api';
import { DeployModelDialog } from './DeployModelDialog';
import './admin.css';

/** The models as the list shows them (the endpoint is hand-written; this describes its rows and filters). */
export const modelListEntity = defineEntity({
  name: 'flowModel',
  table: 'flow_model',
  label: { zh: '流程模型', en: 'Process model' },
  permission: 'flow_model',
  tenant: false,
  api: { base: MODEL_API },
  fields: {
    name: { type: 'string', label: { zh: '模型名称', en: 'Model name' }, search: 'like', width: 180 },
    modelKey: { type: 'string', label: { zh: '模型标识', en: 'Model key' }, search: 'like', width: 160 },
    version: { type: 'integer', label: { zh: '版本', en: 'Version' }, width: 80 },
    description: { type: 'string', label: { zh: '模型描述', en: 'Description' } },
    created: { type: 'datetime', label: { zh: '创建时间', en: 'Created' }, width: 170 },
    lastUpdated: { type: 'datetime', label: { zh: '更新时间', en: 'Updated' }, width: 170 },
  },
});

const COLUMNS = ['name', 'modelKey', 'version', 'description', 'created', 'lastUpdated'];
const CODES = ['flow_model_create', 'flow_model_update', 'flow_model_deploy', 'flow_model_download', 'flow_model_delete'];

const asModel = (row: Record<string, unknown>): FlowModel => ({
  id: String(row.id),
  modelKey: String(row.modelKey ?? ''),
  name: String(row.name ?? ''),
  description: String(row.description ?? ''),
  version: Number(row.version ?? 0),
  created: String(row.created ?? ''),
  lastUpdated: String(row.lastUpdated ?? ''),
});

/**
 * /flow/model: the process models, shared by every tenant. 创建 and 设计 open the designer, 部署 makes a new
 * version of the process for chosen tenants, 下载 gives the XML, 删除 removes the model (what was deployed
 * from it stays). Each button shows for those holding its code.
 */
const ModelPage = observer(function ModelPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useCrudList({ entity: modelListEntity });
  const granted = useGranted(CODES);
  const [deploying, setDeploying] = useState<FlowModel | null>(null);
  const [downloading, setDownloading] = useState('');

  const download = async (model: FlowModel) => {
    setDownloading(model.id);
    try {
      saveBlob(await downloadModel(model.id), `${model.modelKey}.bpmn20.xml`);
    } catch {
      // the HTTP pipeline's toast said why
    } finally {
      setDownloading('');
    }
  };
  const remove = (ids: readonly string[]) => confirmRemove({ entity: modelListEntity, ids, onRemoved: (removed) => void list.afterRemove(removed.length) });

  const action = (key: string, label: string, icon: ReactNode, onClick: () => void, extra: { danger?: boolean; loading?: boolean } = {}) => (
    <Button key={key} type="text" size="mini" icon={icon} status={extra.danger ? 'danger' : undefined} loading={extra.loading} onClick={onClick} data-testid={`flow-model-${key}`}>
      {label}
    </Button>
  );
  const rowCodes = ['flow_model_update', 'flow_model_deploy', 'flow_model_download', 'flow_model_delete'].filter(granted).length;
  const actionsWidth = 32 + rowCodes * (currentLanguage() === 'en' ? 86 : 58);

  return (
    <div className="ba-crud flow-admin-page">
      <SearchForm entity={modelListEntity} fields={['name', 'modelKey']} onSearch={list.search} onReset={list.reset} loading={list.loading} values={list.searchValues} />
      <CrudToolbar list={list} columns={COLUMNS}>
        {granted('flow_model_create') ? (
          <Button type="primary" icon={<IconPlus />} onClick={() => navigate('/flow/model/design/new')} data-testid="flow-model-create">
            {t('flow.admin.create')}
          </Button>
        ) : null}
        {granted('flow_model_delete') ? (
          <Button status="danger" icon={<IconDelete />} onClick={() => remove(list.selectedKeys)} data-testid="flow-model-remove-selected">
            {t('flow.admin.delete')}
          </Button>
        ) : null}
      </CrudToolbar>
      <CrudTable
        list={list}
        columns={COLUMNS}
        selection={granted('flow_model_delete')}
        actionsWidth={rowCodes > 0 ? actionsWidth : undefined}
        actions={
          rowCodes > 0
            ? (row) => {
                const model = asModel(row);
                return (
                  <>
                    {granted('flow_model_update') ? action('design', t('flow.admin.design'), <IconEdit />, () => navigate(`/flow/model/design/${model.id}`)) : null}
                    {granted('flow_model_deploy') ? action('deploy', t('flow.admin.deploy'), <IconCloudDownload />, () => setDeploying(model)) : null}
                    {granted('flow_model_download') ? action('download', t('flow.admin.download'), <IconDownload />, () => void download(model), { loading: downloading === model.id }) : null}
                    {granted('flow_model_delete') ? action('delete', t('flow.admin.delete'), <IconDelete />, () => remove([model.id]), { danger: true }) : null}
                  </>
                );
              }
            : undefined
        }
      />
      <DeployModelDialog model={deploying} onClose={() => setDeploying(null)} />
    </div>
  );
});

export default ModelPage;
