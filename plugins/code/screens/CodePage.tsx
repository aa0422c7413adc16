import { useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Tag } from '@arco-design/web-react';
import { IconCopy, IconDelete, IconDownload, IconEdit, IconEye } from '@arco-design/web-react/icon';
import {
  AddDeleteButtons,
  confirmRemove,
  CrudTable,
  CrudToolbar,
  currentLanguage,
  defineEntity,
  SearchForm,
  toastSuccess,
  useCrudCan,
  useCrudList,
  useTranslation,
  type CellRenderer,
  type RowOf,
} from '../../../core/sdk/browser';
import { codeEntity } from '../index';
import { copyRecord } from './api';
import { Designer, type DesignTarget } from './Designer';
import { FromTableDialog } from './FromTableDialog';
import { PreviewDrawer, type PreviewTarget } from './PreviewDrawer';
import { useGenerate } from './useGenerate';
import './code.css';

/** The list's view of the records: the time each was made, which the engine answers with every row, as a column. */
const codeListEntity = defineEntity({
  ...codeEntity,
  fields: { ...codeEntity.fields, createTime: { type: 'datetime', label: { zh: '创建时间', en: 'Created' }, form: false } },
});
type CodeRow = RowOf<typeof codeListEntity>;

const COLUMNS = ['codeName', 'pluginId', 'datasourceId', 'tableName', 'baseMode', 'tenantMode', 'treeMode', 'createTime'];
const SEARCH = ['codeName', 'pluginId', 'tableName'];
const YES = 2;

/** 是 in colour, 否 plain: the options read at a glance down the column. */
const optionTag: CellRenderer = (value, _row, text) => (
  <Tag size="small" color={Number(value) === YES ? 'arcoblue' : undefined}>
    {text}
  </Tag>
);

/**
 * /tool/code: the code records. 新增 starts from a table (the server proposes the record, the designer
 * shows it before the first save); per row 设计 opens the designer, 复制 makes a copy, 预览 shows the files,
 * 生成 downloads the plugin's zip; 批量生成 downloads the selected ones' in one zip.
 */
const CodePage = observer(function CodePage() {
  const { t } = useTranslation();
  const list = useCrudList({ entity: codeListEntity });
  const can = useCrudCan(codeEntity);
  const [choosing, setChoosing] = useState(false);
  const [design, setDesign] = useState<DesignTarget | null>(null);
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const [copying, setCopying] = useState('');
  const { busy, generate } = useGenerate();

  const copy = async (row: CodeRow) => {
    setCopying(String(row.id));
    try {
      await copyRecord(String(row.id));
      toastSuccess(t('code.copied', { name: `${row.codeName}-copy` }));
    } catch {
      // the HTTP pipeline's toast said why
    } finally {
      setCopying('');
    }
  };
  const pluginIdsOf = (ids: readonly string[]) => ids.map((id) => String(list.rows.find((r) => String(r.id) === id)?.pluginId ?? ''));

  const action = (key: string, label: string, icon: ReactNode, onClick: () => void, extra: { danger?: boolean; loading?: boolean } = {}) => (
    <Button key={key} type="text" size="mini" icon={icon} status={extra.danger ? 'danger' : undefined} loading={extra.loading} onClick={onClick} data-testid={`code-${key}`}>
      {label}
    </Button>
  );
  const actionCount = 2 + (can('edit') ? 1 : 0) + (can('add') ? 1 : 0) + (can('delete') ? 1 : 0);
  const actionsWidth = 32 + actionCount * (currentLanguage() === 'en' ? 72 : 54);

  return (
    <div className="ba-crud code-page">
      <SearchForm entity={codeListEntity} fields={SEARCH} onSearch={list.search} onReset={list.reset} loading={list.loading} values={list.searchValues} />
      <CrudToolbar list={list} columns={COLUMNS}>
        <AddDeleteButtons
          onAdd={can('add') ? () => setChoosing(true) : undefined}
          onDelete={can('delete') ? () => confirmRemove({ entity: codeEntity, ids: list.selectedKeys, onRemoved: (ids) => void list.afterRemove(ids.length) }) : undefined}
        />
        <Button icon={<IconDownload />} loading={busy.length > 1} onClick={() => void generate(list.selectedKeys, pluginIdsOf(list.selectedKeys))} data-testid="code-generate-selected">
          {t('code.generateSelected')}
        </Button>
      </CrudToolbar>
      <CrudTable
        list={list}
        columns={COLUMNS}
        selection
        actionsWidth={actionsWidth}
        cells={{ baseMode: optionTag, tenantMode: optionTag, treeMode: optionTag }}
        actions={(row) => {
          const id = String(row.id);
          return (
            <>
              {can('edit') ? action('design', t('code.design'), <IconEdit />, () => setDesign({ id })) : null}
              {can('add') ? action('copy', t('code.copy'), <IconCopy />, () => void copy(row), { loading: copying === id }) : null}
              {action('preview', t('code.preview'), <IconEye />, () => setPreview({ id, name: String(row.codeName ?? '') }))}
              {action('generate', t('code.generate'), <IconDownload />, () => void generate([id], [String(row.pluginId ?? '')]), { loading: busy.length === 1 && busy[0] === id })}
              {can('delete') ? action('delete', t('crud.delete'), <IconDelete />, () => confirmRemove({ entity: codeEntity, ids: [id], onRemoved: (ids) => void list.afterRemove(ids.length) }), { danger: true }) : null}
            </>
          );
        }}
      />
      <FromTableDialog
        visible={choosing}
        onClose={() => setChoosing(false)}
        onProposed={(draft) => {
          setChoosing(false);
          setDesign({ draft });
        }}
      />
      <Designer target={design} onClose={() => setDesign(null)} onPreview={(id, name) => setPreview({ id, name })} />
      <PreviewDrawer target={preview} onClose={() => setPreview(null)} />
    </div>
  );
});

export default CodePage;
