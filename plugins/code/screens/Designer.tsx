import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { Alert, Button, Drawer, Form, Modal, Select, Space, Tooltip } from '@arco-design/web-react';
import { IconEye, IconRefresh, IconSave } from '@arco-design/web-react/icon';
import {
  defaultRow,
  EntityForm,
  failureText,
  fetchList,
  http,
  IconPicker,
  invalidateResource,
  LoadState,
  saveBody,
  toastSuccess,
  useCall,
  useTranslation,
  type Row,
} from '../../../core/sdk/browser';
import { codeEntity } from '../index';
import type { GenField } from '../spec';
import { propose } from './api';
import { fieldsProblem, readFields } from './fields';
import { FieldsTable } from './FieldsTable';
import type { ProposedDraft } from './FromTableDialog';

const base = codeEntity.api.base;
const TREE = 2;

/** The record's settings in the order the author thinks of them: names, source, menu, options. */
const SETTINGS = [
  'codeName',
  'codeNameEn',
  'pluginId',
  'entityName',
  'serviceName',
  'datasourceId',
  'tableName',
  'tablePrefix',
  'pkName',
  'menuParent',
  'menuIcon',
  'menuSort',
  'baseMode',
  'tenantMode',
  'treeMode',
  'treeParent',
  'treeTitle',
  'demoRows',
  'remark',
];
/** Another table is another record (新增): the fields were made from this one. */
const FIXED = ['datasourceId', 'tableName'];

/** Which record the designer shows: a stored one, or one just proposed from a table (not saved yet). */
export type DesignTarget = { id: string } | { draft: ProposedDraft };

export interface DesignerProps {
  target: DesignTarget | null;
  onClose: () => void;
  /** Opens the preview of a saved record. */
  onPreview: (id: string, name: string) => void;
}

/**
 * The designer of a code record, in a wide drawer over the list: the record's settings (the entity's form,
 * the menu icon picked among the shell's, the tree's fields chosen among the included ones) and the fields
 * table. 保存 (or Ctrl/⌘+S) sends the record with its fields as JSON; a refusal is shown at the top and
 * nothing typed is lost. Closing with unsaved changes asks first.
 */
export function Designer({ target, onClose, onPreview }: DesignerProps) {
  const { t } = useTranslation();
  const dirty = useRef<() => boolean>(() => false);
  const [title, setTitle] = useState('');
  const close = () => {
    if (!dirty.current()) {
      onClose();
      return;
    }
    Modal.confirm({ title: t('crud.confirmTitle'), content: t('code.discardConfirm'), okText: t('crud.confirm'), cancelText: t('crud.cancel'), onOk: onClose });
  };
  const key = target ? ('id' in target ? target.id : `new:${target.draft.tableName}`) : '';
  return (
    <Drawer
      className="code-designer"
      visible={target !== null}
      width="min(1360px, 100vw)"
      title={title || t('code.designNew')}
      footer={null}
      escToExit={false}
      maskClosable={false}
      onCancel={close}
      unmountOnExit
    >
      {target ? <DesignerLoader key={key} target={target} dirty={dirty} onTitle={setTitle} onPreview={onPreview} /> : null}
    </Drawer>
  );
}

interface LoaderProps {
  target: DesignTarget;
  dirty: MutableRefObject<() => boolean>;
  onTitle: (title: string) => void;
  onPreview: (id: string, name: string) => void;
}

/** A stored record is read whole first; a proposed one is there already. */
function DesignerLoader({ target, ...rest }: LoaderProps) {
  const { t } = useTranslation();
  const id = 'id' in target ? target.id : null;
  const loaded = useCall<Row | null>(id === null ? null : `detail:${id}`, async () => (await http.get<Row | null>(`${base}/detail`, { params: { id }, silent: true })).data);
  if (!('id' in target)) {
    const { datasourceId, tableName, tablePrefix, proposal } = target.draft;
    const initial: Row = { ...defaultRow(codeEntity), ...proposal.record, datasourceId, tableName, tablePrefix: tablePrefix || proposal.record.tablePrefix };
    return <DesignerForm initial={initial} initialFields={proposal.fields} {...rest} />;
  }
  if (loaded.error || loaded.data === null) {
    return <Alert type="error" title={t('code.loadFailed')} content={loaded.error} action={<Button size="mini" onClick={loaded.reload}>{t('crud.retry')}</Button>} data-testid="code-load-error" />;
  }
  return (
    <LoadState failed={false} data={loaded.data} onRetry={loaded.reload}>
      {(row) => <DesignerForm initial={row} initialFields={readFields(row.fields)} {...rest} />}
    </LoadState>
  );
}

interface FormProps extends Omit<LoaderProps, 'target'> {
  initial: Row;
  initialFields: GenField[];
}

function DesignerForm({ initial, initialFields, dirty, onTitle, onPreview }: FormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Row>();
  const [fields, setFields] = useState<GenField[]>(initialFields);
  const [id, setId] = useState(initial.id ? String(initial.id) : '');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const [reproposing, setReproposing] = useState(false);
  // What was last saved (or loaded), to tell unsaved changes from none.
  const snapshot = useRef<string | null>(null);
  const current = () => JSON.stringify([saveBody(codeEntity, form.getFieldsValue(), initial), fields]);
  useEffect(() => {
    snapshot.current ??= id ? current() : '';
  });
  dirty.current = () => snapshot.current !== null && current() !== snapshot.current;

  const name = String(initial.codeName ?? '');
  useEffect(() => onTitle(id ? t('code.designTitle', { name }) : t('code.designNew')), [id, name, onTitle, t]);

  /** Saves; answers the record's id, or '' when it was not saved (the reason is shown at the top). */
  const save = async (): Promise<string> => {
    if (saving) return '';
    let values: Row;
    try {
      values = await form.validate();
    } catch {
      return '';
    }
    const problem = fieldsProblem(fields, t);
    if (problem) {
      setError(problem);
      return '';
    }
    if (Number(values.treeMode) === TREE && (!values.treeParent || !values.treeTitle)) {
      setError(t('code.treeRequired'));
      return '';
    }
    const body: Row = { ...saveBody(codeEntity, values, initial), fields: JSON.stringify(fields) };
    if (id) body.id = id;
    else delete body.id;
    setSaving(true);
    setError('');
    try {
      await http.post(`${base}/submit`, body, { silent: true });
      await invalidateResource(codeEntity);
      let savedId = id;
      if (!savedId) {
        // The engine's submit answers no id: the new record is found by its plugin id, which is unique.
        const found = await fetchList(codeEntity, { pluginId: body.pluginId, current: 1, size: 20 });
        savedId = String(found.records.find((r) => r.pluginId === body.pluginId)?.id ?? '');
        setId(savedId);
      }
      snapshot.current = current();
      toastSuccess(t('code.saved'));
      return savedId;
    } catch (e) {
      setError(failureText(e));
      return '';
    } finally {
      setSaving(false);
    }
  };

  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void saveRef.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const repropose = () =>
    Modal.confirm({
      title: t('code.repropose'),
      content: t('code.reproposeConfirm'),
      okText: t('crud.confirm'),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        setReproposing(true);
        setError('');
        try {
          const values = form.getFieldsValue();
          const proposal = await propose(String(values.datasourceId ?? initial.datasourceId ?? ''), String(values.tableName ?? initial.tableName ?? ''), String(values.tablePrefix ?? ''));
          setFields(proposal.fields);
          toastSuccess(t('code.reproposed'));
        } catch (e) {
          setError(failureText(e));
        } finally {
          setReproposing(false);
        }
      },
    });

  const preview = async () => {
    const saved = dirty.current() || !id ? await save() : id;
    if (saved) onPreview(saved, String(form.getFieldValue('codeName') ?? name));
  };

  const fieldChoices = fields.filter((f) => f.include).map((f) => ({ value: f.name, label: `${f.name} (${f.label.zh || f.column})` }));
  const fieldSelect = (label: string) => <Select aria-label={label} placeholder={t('code.chooseField')} options={fieldChoices} allowClear showSearch />;

  return (
    <div className="code-designer-body" data-testid="code-designer">
      <div className="code-designer-bar">
        <Space wrap>
          <Button icon={<IconRefresh />} loading={reproposing} onClick={repropose} data-testid="code-repropose">
            {t('code.repropose')}
          </Button>
          <Button icon={<IconEye />} onClick={() => void preview()} data-testid="code-designer-preview">
            {t('code.savePreview')}
          </Button>
        </Space>
        <Tooltip content={t('code.shortcut')} mini>
          <Button type="primary" icon={<IconSave />} loading={saving} onClick={() => void save()} data-testid="code-save">
            {t('code.save')}
          </Button>
        </Tooltip>
      </div>
      {error ? <Alert className="code-alert" type="error" title={t('code.saveFailed')} content={error} closable onClose={() => setError('')} data-testid="code-save-error" /> : null}
      <h3 className="code-section">{t('code.settings')}</h3>
      <EntityForm
        entity={codeEntity}
        form={form}
        mode={id ? 'edit' : 'add'}
        initialValues={initial}
        fields={SETTINGS}
        disabled={FIXED}
        controls={{ menuIcon: <IconPicker />, treeParent: fieldSelect(t('code.treeParent')), treeTitle: fieldSelect(t('code.treeTitle')) }}
        dynamic={(values) => (Number(values.treeMode) === TREE ? { required: ['treeParent', 'treeTitle'] } : { hidden: ['treeParent', 'treeTitle'] })}
        onSubmit={() => void save()}
      />
      <h3 className="code-section">
        {t('code.fields')} <span className="code-section-note">{fields.filter((f) => f.include).length} / {fields.length}</span>
      </h3>
      <FieldsTable fields={fields} onChange={setFields} />
    </div>
  );
}
