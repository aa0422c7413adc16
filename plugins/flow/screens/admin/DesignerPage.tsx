import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, Form, Input, Modal, Result, Space, Spin, Tag, Tooltip } from '@arco-design/web-react';
import { IconArrowLeft, IconDownload, IconSave, IconUpload } from '@arco-design/web-react/icon';
import {
  currentLanguage,
  failureText,
  saveBlob,
  toastSuccess,
  useCall,
  useReplaceTab,
  useTabSubject,
  useTranslation,
  useUnsavedChanges,
} from '../../../../core/sdk/browser';

import { modelDetail, submitModel } from './api';
import type { DesignerModeler } from './designer/bpmn-modeler';
import { freshProcessKey, newProcessXml } from './designer/template';
import { useSaveShortcut } from './designer/page-hooks';
import './admin.css';

/** The model's own fields; the key is the process's id in the diagram, and the two are kept equal. */
interface ModelFields {
  name: string;
  modelKey: string;
  description: string;
}

const MODEL_KEY = /^[A-Za-z_][\w.-]{0,63}$/;
const MAX_FILE_BYTES = 1024 * 1024;
const NEW = 'new';

/**
 * /flow/model/design/:id (`new` for a new model): bpmn-js's modeler with its properties panel beside the
 * model's name, key and description. The key and the process id follow each other, as do the name and
 * the process name. 保存 (or Ctrl/⌘+S) sends the XML; a refusal is shown above the canvas and nothing is
 * lost. 导入 reads a .bpmn/.xml file into the canvas, 导出 downloads the XML. Leaving with unsaved
 * changes asks first: 返回, closing the tab, closing the browser's. The tab is named after the saved
 * model; a new model, once saved, becomes the saved model's page in the same tab.
 */
export default function DesignerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const replaceTab = useReplaceTab();
  const { id = NEW } = useParams();
  const isNew = id === NEW;
  const detail = useCall(isNew ? null : `flow-model:${id}`, () => modelDetail(id));
  const [form] = Form.useForm<ModelFields>();
  const rootRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const propertiesRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [modeler, setModeler] = useState<DesignerModeler | null>(null);
  const [designerError, setDesignerError] = useState('');
  const [opened, setOpened] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  // Opening a diagram changes it too: those changes are not the author's.
  const opening = useRef(false);
  // The name as saved (not as being typed): two open designers are told apart by it.
  const [savedName, setSavedName] = useState<string>();
  useTabSubject(savedName ?? detail.data?.name);

  // The modeler, loaded with this screen only (bpmn-js and its panel are large).
  useEffect(() => {
    let alive = true;
    let made: DesignerModeler | null = null;
    import('./designer/bpmn-modeler').then(
      ({ createModeler }) => {
        if (!alive || !canvasRef.current || !propertiesRef.current) return;
        made = createModeler(canvasRef.current, propertiesRef.current, { userTask: t('flow.admin.createUserTask'), appendUserTask: t('flow.admin.appendUserTask'), parallelGateway: t('flow.admin.createParallelGateway') }, currentLanguage());
        setModeler(made);
      },
      (failure: unknown) => alive && setDesignerError(failureText(failure)),
    );
    return () => {
      alive = false;
      made?.destroy();
    };
    // Made once: the entries' titles are those of the language it was opened in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const open = async (xml: string, fields: ModelFields) => {
    if (!modeler) return;
    opening.current = true;
    try {
      await modeler.open(xml);
      form.setFieldsValue(fields);
      setDirty(false);
      setOpened(true);
    } catch (failure) {
      setDesignerError(failureText(failure));
    } finally {
      opening.current = false;
    }
  };
  const openBlank = () => {
    const key = freshProcessKey();
    const name = t('flow.admin.newProcessName');
    return open(newProcessXml(key, name, t('flow.admin.startEvent')), { name, modelKey: key, description: '' });
  };

  // The model (or a new process) into the canvas once both are there.
  const model = detail.data;
  useEffect(() => {
    if (!modeler) return;
    if (isNew) void openBlank();
    else if (model) void open(model.modelEditorXml, { name: model.name, modelKey: model.modelKey, description: model.description });
    // Opened once per model read; the helpers are this render's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [modeler, isNew, model]);

  // A change in the diagram (the process id or name in the properties panel, say) reaches the form.
  useEffect(() => {
    modeler?.onChange(() => {
      if (opening.current) return;
      setDirty(true);
      const process = modeler.process();
      if (!process) return;
      const fields = form.getFieldsValue();
      if (process.id !== fields.modelKey) form.setFieldValue('modelKey', process.id);
      if (process.name !== fields.name) form.setFieldValue('name', process.name);
    });
  }, [modeler, form]);

  // …and the form's key and name reach the diagram (a key the diagram cannot take waits for a valid one).
  const formChanged = (changed: Partial<ModelFields>) => {
    if (opening.current) return;
    setDirty(true);
    if (!modeler || (changed.modelKey === undefined && changed.name === undefined)) return;
    const { modelKey, name } = form.getFieldsValue();
    try {
      modeler.rename({ id: modelKey && MODEL_KEY.test(modelKey) ? modelKey : '', name: name ?? '' });
    } catch {
      // an id another element holds: the save names the mismatch
    }
  };

  const save = async () => {
    if (!modeler || !opened || saving) return;
    let fields: ModelFields;
    try {
      fields = await form.validate();
    } catch {
      return; // the fields say what is missing
    }
    setSaving(true);
    setError('');
    try {
      const saved = await submitModel({ ...(isNew ? {} : { id }), name: fields.name, modelKey: fields.modelKey, description: fields.description ?? '', modelEditorXml: await modeler.xml() });
      setDirty(false);
      setSavedName(fields.name);
      toastSuccess(t('flow.admin.saved', { version: saved.version }));
      // The saved model's page takes this tab over: no blank designer is left behind beside it.
      if (isNew) replaceTab(`/flow/model/design/${saved.id}`);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setSaving(false);
    }
  };

  const importFile = async (file: File | undefined) => {
    if (!file || !modeler) return;
    setError('');
    if (file.size > MAX_FILE_BYTES) return setError(t('flow.admin.importFailed', { reason: t('flow.admin.fileTooLarge') }));
    const before = await modeler.xml();
    const fields = form.getFieldsValue();
    try {
      opening.current = true;
      await modeler.open(await file.text());
    } catch (failure) {
      setError(t('flow.admin.importFailed', { reason: failureText(failure) }));
      await modeler.open(before);
      return;
    } finally {
      opening.current = false;
    }
    const process = modeler.process();
    form.setFieldsValue({ ...fields, modelKey: process?.id ?? fields.modelKey, name: process?.name || fields.name });
    setDirty(true);
  };

  const exportFile = async () => {
    if (!modeler) return;
    const key = form.getFieldValue('modelKey') || 'process';
    saveBlob(new Blob([await modeler.xml()], { type: 'application/xml' }), `${key}.bpmn20.xml`);
  };

  const leave = () => {
    if (!dirty) return navigate('/flow/model');
    Modal.confirm({
      title: t('flow.admin.leaveTitle'),
      content: t('flow.admin.leaveContent'),
      okText: t('flow.admin.leave'),
      cancelText: t('flow.admin.cancel'),
      okButtonProps: { status: 'danger' },
      onOk: async () => {
        // The page stays open in its tab: it goes back to what was saved, so nothing asks again.
        if (isNew) await openBlank();
        else if (model) await open(model.modelEditorXml, { name: model.name, modelKey: model.modelKey, description: model.description });
        navigate('/flow/model');
      },
    });
  };

  useSaveShortcut(rootRef, () => void save());
  useUnsavedChanges(dirty);

  const loadError = detail.error ? t('flow.admin.modelLoadFailed', { reason: detail.error }) : designerError ? t('flow.admin.designerFailed', { reason: designerError }) : '';
  const loading = !loadError && (!modeler || !opened);
  return (
    <div className="flow-designer" ref={rootRef} data-testid="flow-designer">
      <div className="flow-designer-head">
        <Space wrap>
          <Button icon={<IconArrowLeft />} onClick={leave} data-testid="flow-designer-back">
            {t('flow.admin.back')}
          </Button>
          <Tooltip content={t('flow.admin.saveHint')}>
            <Button type="primary" icon={<IconSave />} loading={saving} disabled={loading} onClick={() => void save()} data-testid="flow-designer-save">
              {t('flow.admin.save')}
            </Button>
          </Tooltip>
          <Button icon={<IconUpload />} disabled={loading} onClick={() => fileRef.current?.click()} data-testid="flow-designer-import">
            {t('flow.admin.importFile')}
          </Button>
          <Button icon={<IconDownload />} disabled={loading} onClick={() => void exportFile()} data-testid="flow-designer-export">
            {t('flow.admin.exportFile')}
          </Button>
          {dirty ? (
            <Tag color="orange" data-testid="flow-designer-dirty">
              {t('flow.admin.unsaved')}
            </Tag>
          ) : null}
        </Space>
        <input
          ref={fileRef}
          type="file"
          accept=".bpmn,.xml,application/xml,text/xml"
          hidden
          data-testid="flow-designer-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            void importFile(file);
          }}
        />
        <Form form={form} layout="inline" className="flow-designer-form" onValuesChange={formChanged} disabled={loading} onSubmit={() => void save()}>
          <Form.Item label={t('flow.admin.name')} field="name" rules={[{ required: true, message: t('flow.admin.requiredName') }, { maxLength: 100 }]}>
            <Input style={{ width: 200 }} maxLength={100} data-testid="flow-designer-name" />
          </Form.Item>
          <Form.Item
            label={t('flow.admin.modelKey')}
            field="modelKey"
            extra={t('flow.admin.keyHint')}
            rules={[{ required: true, message: t('flow.admin.requiredKey') }, { match: MODEL_KEY, message: t('flow.admin.keyRule') }]}
          >
            <Input style={{ width: 200 }} maxLength={64} data-testid="flow-designer-key" />
          </Form.Item>
          <Form.Item label={t('flow.admin.description')} field="description" rules={[{ maxLength: 500 }]}>
            <Input style={{ width: 280 }} maxLength={500} data-testid="flow-designer-description" />
          </Form.Item>
        </Form>
        {error ? <Alert type="error" content={error} closable onClose={() => setError('')} data-testid="flow-designer-error" /> : null}
      </div>
      <div className="flow-designer-body flow-diagram">
        <div className="flow-designer-canvas" ref={canvasRef} aria-label={t('flow.admin.canvas')} data-testid="flow-designer-canvas" />
        <aside className="flow-designer-properties" ref={propertiesRef} aria-label={t('flow.admin.properties')} data-testid="flow-designer-properties" />
        {loading ? (
          <div className="flow-diagram-state">
            <Spin />
          </div>
        ) : null}
        {loadError ? (
          <div className="flow-diagram-state" role="alert">
            <Result status="warning" subTitle={loadError} extra={detail.error ? <Button onClick={detail.reload}>{t('flow.admin.retry')}</Button> : null} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
