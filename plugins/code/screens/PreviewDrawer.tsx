import { useMemo, useState } from 'react';
import { Button, Drawer, Empty, Message, Result, Spin } from '@arco-design/web-react';
import { IconCopy, IconFile, IconFolder } from '@arco-design/web-react/icon';
import { useCall, useTranslation } from '../../../core/sdk/browser';
import type { GenFile } from '../spec';
import { previewFiles } from './api';

export interface PreviewTarget {
  id: string;
  name: string;
}

/** A folder of the tree: its own path, its folders and its files, in the order the generator wrote them. */
interface Folder {
  path: string;
  name: string;
  folders: Folder[];
  files: GenFile[];
}

function fileTree(files: readonly GenFile[]): Folder {
  const root: Folder = { path: '', name: '', folders: [], files: [] };
  for (const file of files) {
    const parts = file.path.split('/');
    let folder = root;
    for (const part of parts.slice(0, -1)) {
      const path = folder.path ? `${folder.path}/${part}` : part;
      let next = folder.folders.find((f) => f.path === path);
      if (!next) {
        next = { path, name: part, folders: [], files: [] };
        folder.folders.push(next);
      }
      folder = next;
    }
    folder.files.push(file);
  }
  return root;
}

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The file opened first: the plugin's declaration, where the author's choices show most. */
const firstFile = (files: readonly GenFile[]) => files.find((f) => /\/index\.ts$/.test(f.path))?.path ?? files[0]?.path ?? '';

/**
 * What 生成 would write for a record: the files as a tree and the chosen one's code (monospace, line
 * numbers, a copy button), in a drawer. When the generator refuses (the table changed, a field does not
 * fit), its reason is shown instead.
 */
export function PreviewDrawer({ target, onClose }: { target: PreviewTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      className="code-preview"
      visible={target !== null}
      width="min(1200px, 100vw)"
      title={target ? t('code.previewTitle', { name: target.name }) : ''}
      footer={null}
      escToExit
      onCancel={onClose}
      unmountOnExit
    >
      {target ? <PreviewBody key={target.id} id={target.id} /> : null}
    </Drawer>
  );
}

function PreviewBody({ id }: { id: string }) {
  const { t } = useTranslation();
  const files = useCall<GenFile[]>(`preview:${id}`, () => previewFiles(id));
  const [chosen, setChosen] = useState('');
  const tree = useMemo(() => fileTree(files.data ?? []), [files.data]);
  if (files.error) {
    return (
      <Result
        status="warning"
        title={t('code.previewFailed')}
        subTitle={<span data-testid="code-preview-error">{files.error}</span>}
        extra={<Button onClick={files.reload}>{t('crud.retry')}</Button>}
      />
    );
  }
  if (!files.data) {
    return (
      <div className="code-loading">
        <Spin tip={t('crud.loading')} />
      </div>
    );
  }
  if (files.data.length === 0) return <Empty description={t('crud.empty')} />;
  const path = chosen || firstFile(files.data);
  const file = files.data.find((f) => f.path === path);

  const drawFolder = (folder: Folder, depth: number) => (
    <>
      {folder.folders.map((sub) => (
        <li key={sub.path} role="treeitem" aria-expanded aria-selected={false}>
          <div className="code-tree-folder" style={{ paddingLeft: depth * 14 }}>
            <IconFolder /> {sub.name}
          </div>
          <ul role="group">{drawFolder(sub, depth + 1)}</ul>
        </li>
      ))}
      {folder.files.map((f) => (
        <li key={f.path} role="treeitem" aria-selected={f.path === path}>
          <button type="button" className={`code-tree-file${f.path === path ? ' is-chosen' : ''}`} style={{ paddingLeft: depth * 14 + 4 }} onClick={() => setChosen(f.path)} title={f.path}>
            <IconFile /> {baseName(f.path)}
          </button>
        </li>
      ))}
    </>
  );

  return (
    <div className="code-preview-body" data-testid="code-preview-files">
      <nav className="code-tree" aria-label={t('code.files', { count: files.data.length })}>
        <div className="code-tree-count">{t('code.files', { count: files.data.length })}</div>
        <ul role="tree">{drawFolder(tree, 0)}</ul>
      </nav>
      {file ? <CodeView file={file} /> : <Empty description={t('code.chooseFile')} />}
    </div>
  );
}

function CodeView({ file }: { file: GenFile }) {
  const { t } = useTranslation();
  // A file's last newline ends its last line; it starts no empty one.
  const ended = file.content.endsWith('\n');
  const lines = (ended ? file.content.slice(0, -1) : file.content).split('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(file.content);
      Message.success({ id: 'code:copied', content: t('code.codeCopied') });
    } catch {
      Message.warning({ id: 'code:copy-failed', content: t('code.copyFailed') });
    }
  };
  return (
    <section className="code-file">
      <header className="code-file-head">
        <span className="code-file-path" data-testid="code-file-path">
          {file.path}
        </span>
        <span className="code-file-meta">{t('code.lines', { count: lines.length })}</span>
        <Button size="mini" icon={<IconCopy />} onClick={() => void copy()}>
          {t('code.copyCode')}
        </Button>
      </header>
      <pre className="code-file-text" tabIndex={0} data-testid="code-file-text">
        {lines.map((line, i) => (
          <span key={i} className="code-line">
            {line}
            {i < lines.length - 1 || ended ? '\n' : ''}
          </span>
        ))}
      </pre>
    </section>
  );
}
