import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Descriptions, Drawer, Empty } from '@arco-design/web-react';
import { entityUrl, LoadState, localText, query, resourceKey, type Row, useQuery, useTranslation, type EntityDef } from '../../../core/sdk/browser';
import { CopyButton, CopyText, prettyJson, textOf } from './parts';
import './log.css';

/** Descriptions' labels in one column wide enough for either language. */
const LABEL_STYLE = { width: 120, color: 'var(--color-text-3)' };

/** One of the entity's fields as a line of the detail (its label from the definition). */
export interface DetailLine {
  field: string;
  /** How it is shown (default: the text, '-' when empty). */
  value?: ReactNode;
}

/** The lines of a row as Descriptions, empty values shown as '-'. */
export function DetailLines({ entity, row, lines }: { entity: EntityDef; row: Row; lines: readonly (string | DetailLine)[] }) {
  const data = lines.map((line) => {
    const { field, value } = typeof line === 'string' ? { field: line, value: undefined } : line;
    const label = entity.fields[field] ? localText(entity.fields[field].label) : field;
    return { label, value: value ?? (textOf(row[field]) || '-') };
  });
  return <Descriptions column={1} labelStyle={LABEL_STYLE} data={data} className="ba-log-lines" />;
}

/** The request id, copyable. */
export function RequestIdLine({ row }: { row: Row }) {
  return <CopyText value={textOf(row.requestId)} />;
}

/** The way from a row to the same request's rows in the other log: the drawer closes first (`leave`), as a kept tab would keep it open. */
export function OtherLogButton({ to, leave, icon, danger = false, testId, children }: { to: string; leave: () => void; icon: ReactNode; danger?: boolean; testId: string; children: ReactNode }) {
  const navigate = useNavigate();
  const go = () => {
    leave();
    void navigate(to);
  };
  return (
    <Button size="small" status={danger ? 'danger' : undefined} icon={icon} onClick={go} data-testid={testId}>
      {children}
    </Button>
  );
}

/** A titled block of preformatted text (parameters as indented JSON, a stack) with its copy button. */
export function CodeBlock({ title, value, empty, json = false, testId }: { title: string; value: string; empty: string; json?: boolean; testId?: string }) {
  const shown = json ? prettyJson(value) : value;
  return (
    <section className="ba-log-block">
      <h3 className="ba-log-section">
        <span>{title}</span>
        {shown ? <CopyButton value={shown} /> : null}
      </h3>
      {shown ? (
        <pre className="ba-log-code" data-testid={testId} tabIndex={0}>
          {shown}
        </pre>
      ) : (
        <p className="ba-log-muted">{empty}</p>
      )}
    </section>
  );
}

function DetailLoader({ entity, id, tenantId, children }: { entity: EntityDef; id: string; tenantId: string; children: (row: Row) => ReactNode }) {
  const { t } = useTranslation();
  const params = tenantId ? { id, tenantId } : { id };
  const detail = useQuery(query<Row | null>(resourceKey(entity), entityUrl(entity, 'detail'), { params }));
  // null: no such row for the caller (pruned, or another tenant's).
  if (detail.data === null) return <Empty description={t('log.gone')} />;
  return (
    <LoadState failed={detail.failed && !detail.data} data={detail.data} onRetry={() => void detail.reload()}>
      {(row) => <div data-testid="log-detail">{children(row)}</div>}
    </LoadState>
  );
}

export interface LogDrawerProps {
  entity: EntityDef;
  title: string;
  /** The row shown; null: closed. */
  id: string | null;
  /** The tenant the super administrator is reading ('' their own). */
  tenantId: string;
  onClose: () => void;
  /** The row's body; `close` before leaving for another screen (a kept tab would keep its drawer open). */
  children: (row: Row, close: () => void) => ReactNode;
}

/** A log row in a drawer over its list, read whole from its detail. Esc closes it. */
export function LogDrawer({ entity, title, id, tenantId, onClose, children }: LogDrawerProps) {
  // The last row shown stays while the drawer slides out.
  const [shown, setShown] = useState<string | null>(id);
  if (id && id !== shown) setShown(id);
  return (
    <Drawer
      className="ba-log-drawer"
      visible={id !== null}
      width="min(760px, 100vw)"
      title={title}
      footer={null}
      escToExit
      onCancel={onClose}
      afterClose={() => setShown(null)}
      unmountOnExit
    >
      {shown ? (
        <DetailLoader key={shown} entity={entity} id={shown} tenantId={tenantId}>
          {(row) => children(row, onClose)}
        </DetailLoader>
      ) : null}
    </Drawer>
  );
}
