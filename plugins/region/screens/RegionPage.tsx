import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Empty, Form, Grid, Input, Modal, Result, Space, Spin, Tree } from '@arco-design/web-react';
import type { TreeDataType } from '@arco-design/web-react/es/Tree/interface';
import { IconDelete, IconEdit, IconPlus, IconSearch } from '@arco-design/web-react/icon';
import { EntityForm, fieldLabel, fieldPlaceholder, type FormMode, http, invalidateResource, type Page, type Row, toastSuccess, useCrudCan, useTranslation } from '../../../core/sdk/browser';
import { childPrefix, MAX_REGION_LEVEL } from '../chain';
import { regionEntity } from '../entities';
import './region.css';

const API = '/api/blade-system/region';
const MAX_CODE = 12;

/** A node of `lazy-tree`. */
interface RegionNode {
  id: string;
  parentId: string;
  title: string;
  hasChildren: boolean;
}

type TreeRef = { scrollIntoView: (key: string) => void };

/** The children of one parent code ('' : the root level), loaded on demand and kept. */
function useRegionTree() {
  const [children, setChildren] = useState<ReadonlyMap<string, RegionNode[]>>(new Map());
  const known = useRef(children);
  known.current = children;
  const load = useCallback(async (parentCode: string): Promise<RegionNode[]> => {
    const res = await http.get<RegionNode[] | null>(`${API}/lazy-tree`, { params: parentCode ? { parentCode } : undefined });
    const nodes = res.data ?? [];
    setChildren((prev) => new Map(prev).set(parentCode, nodes));
    return nodes;
  }, []);
  /** Loads what is not loaded yet. */
  const ensure = useCallback(async (parentCode: string) => {
    if (!known.current.has(parentCode)) await load(parentCode);
  }, [load]);
  return { children, load, ensure };
}

function treeData(children: ReadonlyMap<string, RegionNode[]>, parent: string): TreeDataType[] {
  return (children.get(parent) ?? []).map((node) => {
    const loaded = children.get(node.id);
    return {
      key: node.id,
      title: node.title,
      isLeaf: loaded ? loaded.length === 0 : !node.hasChildren,
      children: loaded ? treeData(children, node.id) : undefined,
    };
  });
}

/** The sub code of a new child, after its parent's code, with the whole code shown under it. */
function SubCodeInput({ prefix, value, onChange, disabled }: { prefix: string; value?: string; onChange?: (value: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="ba-region-subcode">
      <Input
        addBefore={prefix || undefined}
        value={value ?? ''}
        onChange={(v) => onChange?.(v)}
        disabled={disabled}
        maxLength={Math.max(1, MAX_CODE - prefix.length)}
        placeholder={fieldPlaceholder(regionEntity.fields.subCode)}
        aria-label={fieldLabel(regionEntity.fields.subCode)}
        allowClear
      />
      <div className="ba-region-code-preview" aria-live="polite">
        {t('region.codePreview', { code: `${prefix}${value ?? ''}` })}
      </div>
    </div>
  );
}

interface RegionFormProps {
  mode: FormMode;
  row: Row;
  onSaved: (code: string, mode: FormMode) => void;
  onCancel: () => void;
}

const ADD_FIELDS = ['parentCode', 'parentName', 'subCode', 'name', 'regionLevel', 'sort', 'remark'];
const FIELDS = ['parentCode', 'parentName', 'code', 'name', 'regionLevel', 'sort', 'remark'];

/** The chosen region's form: read-only, edited, or a new child of it. Enter saves, Esc cancels. */
function RegionForm({ mode, row, onSaved, onCancel }: RegionFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Row>();
  const [saving, setSaving] = useState(false);
  const prefix = mode === 'add' ? childPrefix(String(row.parentCode ?? '')) : '';

  const submit = async () => {
    if (mode === 'view' || saving) return;
    let values: Row;
    try {
      values = await form.validate();
    } catch {
      return; // the messages are on the fields
    }
    const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
    const common = { name: text(values.name).trim(), sort: values.sort, remark: text(values.remark) };
    let body: Row;
    if (mode === 'add') {
      const subCode = text(values.subCode).trim();
      if (prefix.length + subCode.length > MAX_CODE) {
        form.setFields({ subCode: { value: subCode, error: { message: t('region.codeTooLong', { max: MAX_CODE }) } } });
        return;
      }
      // No code: a code that exists would be an edit of it (BladeX); without one a clash is refused.
      body = { parentCode: row.parentCode, subCode, ...common };
    } else {
      body = { code: row.code, parentCode: row.parentCode, ...common };
    }
    setSaving(true);
    try {
      await http.post(`${API}/submit`, body);
      void invalidateResource(regionEntity); // other views of the regions (a region select) read them again
    } catch {
      setSaving(false); // the toast said why; what the user typed stays
      return;
    }
    toastSuccess(t(mode === 'add' ? 'crud.addSuccess' : 'crud.updateSuccess'));
    onSaved(mode === 'add' ? `${prefix}${String(body.subCode)}` : String(body.code), mode);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && mode !== 'view' && !saving) {
      event.stopPropagation();
      onCancel();
    }
  };

  return (
    <div className="ba-region-form" onKeyDown={onKeyDown}>
      <EntityForm
        entity={regionEntity}
        form={form}
        mode={mode}
        fields={mode === 'add' ? ADD_FIELDS : FIELDS}
        disabled={['parentCode', 'parentName', 'regionLevel']}
        controls={mode === 'add' ? { subCode: <SubCodeInput prefix={prefix} /> } : undefined}
        initialValues={row}
        onSubmit={() => void submit()}
      />
      {mode === 'view' ? null : (
        <div className="ba-region-form-actions">
          <Space>
            <Button onClick={onCancel} disabled={saving}>
              {t('region.cancel')}
            </Button>
            <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="region-save">
              {t('region.save')}
            </Button>
          </Space>
        </div>
      )}
    </div>
  );
}

type Detail = { status: 'idle' } | { status: 'loading' } | { status: 'failed' } | { status: 'ready'; row: Row };

/**
 * /base/region: the regions as a tree loaded level by level (`lazy-tree`) on the left; the chosen
 * region's form on the right (view, edit, add a child with the parent's code in front of the sub code),
 * delete after a confirm; a search box finds regions by name or code (`list`) and reveals the one chosen.
 * Writes are offered only with their (administrator-only) buttons.
 */
function RegionPage() {
  const { t } = useTranslation();
  const can = useCrudCan(regionEntity);
  const tree = useRegionTree();
  const { load: loadLevel, ensure: ensureLevel } = tree;
  const treeRef = useRef<TreeRef | null>(null);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [detail, setDetail] = useState<Detail>({ status: 'idle' });
  const [mode, setMode] = useState<FormMode>('view');
  const [treeStatus, setTreeStatus] = useState<'loading' | 'failed' | 'ready'>('loading');
  const [results, setResults] = useState<Row[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [term, setTerm] = useState('');
  const detailSeq = useRef(0);

  const start = useCallback(async () => {
    setTreeStatus('loading');
    try {
      const roots = await loadLevel('');
      // The country opens at once: its provinces are what one looks for first.
      if (roots.length === 1 && roots[0]!.hasChildren) {
        await loadLevel(roots[0]!.id);
        setExpanded((keys) => (keys.includes(roots[0]!.id) ? keys : [...keys, roots[0]!.id]));
      }
      setTreeStatus('ready');
    } catch {
      setTreeStatus('failed');
    }
  }, [loadLevel]);
  useEffect(() => void start(), [start]);

  const loadDetail = useCallback(async (code: string) => {
    const mine = ++detailSeq.current;
    setDetail({ status: 'loading' });
    try {
      const res = await http.get<Row | null>(`${API}/detail`, { params: { code } });
      if (mine !== detailSeq.current) return;
      setDetail(res.data ? { status: 'ready', row: res.data } : { status: 'failed' });
    } catch {
      if (mine === detailSeq.current) setDetail({ status: 'failed' });
    }
  }, []);

  const choose = useCallback(
    (code: string) => {
      setSelected(code);
      setMode('view');
      void loadDetail(code);
    },
    [loadDetail],
  );

  /** Opens the tree down to a region (its ancestors' levels loaded first), chooses it and scrolls to it. */
  const reveal = useCallback(
    async (row: Row) => {
      const code = String(row.code ?? '');
      const ancestors = String(row.ancestors ?? '').split(',').filter(Boolean);
      try {
        for (const parent of ['', ...ancestors]) await ensureLevel(parent);
      } catch {
        return; // the toast said why
      }
      setExpanded((keys) => [...new Set([...keys, ...ancestors])]);
      choose(code);
      setTimeout(() => {
        try {
          treeRef.current?.scrollIntoView(code);
        } catch {
          // not mounted yet: the node is chosen all the same
        }
      }, 0);
    },
    [ensureLevel, choose],
  );

  /** Digits search codes from the start; anything else searches names. */
  const search = async (value: string) => {
    const text = value.trim();
    if (!text) {
      setResults(null);
      return;
    }
    setSearching(true);
    try {
      const params = /^\d+$/.test(text) ? { code_likeright: text } : { name: text };
      const res = await http.get<Page<Row> | null>(`${API}/list`, { params: { current: 1, size: 20, ...params } });
      setResults(res.data?.records ?? []);
    } catch {
      setResults(null);
    } finally {
      setSearching(false);
    }
  };

  const row = detail.status === 'ready' ? detail.row : null;
  const level = Number(row?.regionLevel ?? 0);
  const afterSave = async (code: string, saved: FormMode) => {
    if (!row) return;
    if (saved === 'add') {
      const parent = String(row.code);
      await tree.load(parent).catch(() => undefined);
      setExpanded((keys) => (keys.includes(parent) ? keys : [...keys, parent]));
      choose(code);
    } else {
      await tree.load(String(row.parentCode ?? '')).catch(() => undefined);
      choose(code);
    }
  };

  /** A new child: its siblings are loaded first (the new one goes after them) and the parent opens. */
  const startAdd = async () => {
    if (!row) return;
    const parent = String(row.code);
    await tree.ensure(parent).catch(() => undefined);
    setExpanded((keys) => (keys.includes(parent) ? keys : [...keys, parent]));
    setMode('add');
  };

  const remove = () => {
    if (!row) return;
    const code = String(row.code);
    const parent = String(row.parentCode ?? '');
    Modal.confirm({
      title: t('crud.confirmTitle'),
      content: t('region.deleteConfirm', { name: String(row.name ?? code) }),
      okText: t('crud.confirm'),
      cancelText: t('crud.cancel'),
      okButtonProps: { status: 'danger' },
      onOk: async () => {
        try {
          await http.post(`${API}/remove`, undefined, { params: { id: code } });
          void invalidateResource(regionEntity);
        } catch {
          return; // the toast said why (请先删除子节点!)
        }
        toastSuccess(t('crud.deleteSuccess'));
        await tree.load(parent).catch(() => undefined);
        if (parent) choose(parent);
        else {
          setSelected(null);
          setDetail({ status: 'idle' });
        }
      },
    });
  };

  const data = useMemo(() => treeData(tree.children, ''), [tree.children]);
  const formRow: Row | null = row
    ? mode === 'add'
      ? { parentCode: row.code, parentName: row.name, regionLevel: Math.min(level + 1, MAX_REGION_LEVEL), subCode: '', sort: (tree.children.get(String(row.code))?.length ?? 0) + 1, remark: '' }
      : { ...row, parentName: row.parentCode ? row.parentName : t('region.top') }
    : null;

  return (
    <div className="ba-region">
      <Grid.Row gutter={16}>
        <Grid.Col xs={24} md={9}>
          <section className="ba-region-panel" aria-label={t('region.tree')}>
            <div className="ba-region-search" role="search">
              <Input
                allowClear
                value={term}
                onChange={(value) => {
                  setTerm(value);
                  if (!value) setResults(null);
                }}
                placeholder={t('region.search')}
                aria-label={t('region.searchLabel')}
                prefix={<IconSearch />}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
                    event.preventDefault();
                    void search(term);
                  }
                }}
              />
              <Button type="primary" loading={searching} onClick={() => void search(term)}>
                {t('region.find')}
              </Button>
            </div>
            {results ? (
              results.length === 0 ? (
                <Empty className="ba-region-no-match" description={t('region.noMatch')} />
              ) : (
                <ul className="ba-region-results" aria-label={t('region.results')}>
                  {results.map((r) => (
                    <li key={String(r.code)}>
                      <button type="button" className="ba-region-result" onClick={() => void reveal(r)}>
                        <span className="ba-region-result-name">{String(r.name ?? '')}</span>
                        <span className="ba-region-result-code">{String(r.code ?? '')}</span>
                        {r.parentName ? <span className="ba-region-result-parent">{String(r.parentName)}</span> : null}
                      </button>
                    </li>
                  ))}
                </ul>
              )
            ) : null}
            <div className="ba-region-tree">
              {treeStatus === 'failed' ? (
                <Result
                  status="warning"
                  title={t('region.loadFailed')}
                  extra={
                    <Button type="primary" onClick={() => void start()}>
                      {t('region.retry')}
                    </Button>
                  }
                />
              ) : treeStatus === 'loading' ? (
                <div className="ba-region-loading">
                  <Spin tip={t('crud.loading')} />
                </div>
              ) : data.length === 0 ? (
                <Empty description={t('crud.empty')} />
              ) : (
                <Tree
                  ref={(instance) => {
                    treeRef.current = instance as unknown as TreeRef | null;
                  }}
                  blockNode
                  treeData={data}
                  expandedKeys={expanded}
                  selectedKeys={selected ? [selected] : []}
                  onExpand={(keys) => setExpanded(keys)}
                  onSelect={(keys) => keys[0] && choose(keys[0])}
                  loadMore={async (node) => {
                    const key = String(node.props._key ?? node.key ?? '');
                    if (key) await tree.load(key).catch(() => undefined);
                  }}
                />
              )}
            </div>
          </section>
        </Grid.Col>
        <Grid.Col xs={24} md={15}>
          <section className="ba-region-panel" aria-label={t('region.details')}>
            <div className="ba-region-toolbar">
              <h3 className="ba-region-title">
                {row ? (mode === 'add' ? t('region.addTitle', { name: String(row.name) }) : mode === 'edit' ? t('region.editTitle', { name: String(row.name) }) : String(row.name)) : t('region.details')}
              </h3>
              {row && mode === 'view' ? (
                <Space wrap>
                  {can('add') ? (
                    <Button type="primary" icon={<IconPlus />} disabled={level >= MAX_REGION_LEVEL} title={level >= MAX_REGION_LEVEL ? t('region.deepest') : undefined} onClick={() => void startAdd()}>
                      {t('region.addChild')}
                    </Button>
                  ) : null}
                  {can('edit') ? (
                    <Button icon={<IconEdit />} onClick={() => setMode('edit')}>
                      {t('region.edit')}
                    </Button>
                  ) : null}
                  {can('delete') ? (
                    <Button status="danger" icon={<IconDelete />} onClick={remove}>
                      {t('region.delete')}
                    </Button>
                  ) : null}
                </Space>
              ) : null}
            </div>
            {detail.status === 'idle' ? (
              <Empty description={t('region.choose')} />
            ) : detail.status === 'loading' ? (
              <div className="ba-region-loading">
                <Spin tip={t('crud.loading')} />
              </div>
            ) : detail.status === 'failed' ? (
              <Result
                status="warning"
                title={t('region.loadFailed')}
                extra={
                  <Button type="primary" onClick={() => selected && void loadDetail(selected)}>
                    {t('region.retry')}
                  </Button>
                }
              />
            ) : formRow ? (
              <RegionForm key={`${String(row?.code)}-${mode}`} mode={mode} row={formRow} onCancel={() => setMode('view')} onSaved={(code, saved) => void afterSave(code, saved)} />
            ) : null}
          </section>
        </Grid.Col>
      </Grid.Row>
    </div>
  );
}

export default observer(RegionPage);
