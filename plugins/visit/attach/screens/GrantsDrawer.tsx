import { useState, type ReactNode } from 'react';
import { Button, Drawer, Empty, Modal, Table, Tag, type TableColumnProps } from '@arco-design/web-react';
import { IconCheck, IconClose, IconRefresh, IconUndo } from '@arco-design/web-react/icon';
import { localText, LoadState, toastSuccess, useCan, useQuery, useTranslation } from '../../../../core/sdk/browser';
import { GRANT_STATE, GRANT_STATE_COLORS, GRANT_STATE_NAMES, type GrantState } from '../grant-states';
import { GrantDaysDialog } from './GrantDaysDialog';
import { type AttachRow, decide, type Grant, grantsQuery, sizeText, timeLeft, visitorName } from './grants';
import { MultiGrantDialog } from './MultiGrantDialog';

/** The tag of a state, in its colour. */
export function StateTag({ state }: { state: GrantState }) {
  return (
    <Tag color={GRANT_STATE_COLORS[state]} className="ba-attach-state" data-state={state}>
      {localText(GRANT_STATE_NAMES[state])}
    </Tag>
  );
}

/** 拒绝 / 撤销: asks first, then moves the grant to refused. */
function confirmRefusal(grant: Grant, t: (key: string, values?: Record<string, unknown>) => string) {
  const revoking = grant.state === GRANT_STATE.granted;
  Modal.confirm({
    title: t(revoking ? 'visit.attach.revoke' : 'visit.attach.refuse'),
    content: t(revoking ? 'visit.attach.confirmRevoke' : 'visit.attach.confirmRefuse', { visitor: visitorName(grant) }),
    okText: t(revoking ? 'visit.attach.revoke' : 'visit.attach.refuse'),
    cancelText: t('crud.cancel'),
    okButtonProps: { status: 'danger' },
    onOk: async () => {
      try {
        await decide({ id: grant.id, state: GRANT_STATE.refused });
      } catch {
        return; // the toast said why
      }
      toastSuccess(t('visit.attach.done'));
    },
  });
}

/** One attachment's requests and grants, with the decisions the caller may make on each. */
function GrantList({ attach }: { attach: AttachRow }) {
  const { t } = useTranslation();
  const mayDecide = useCan('visit_attach_auth').can;
  const grants = useQuery(grantsQuery({ attachId: String(attach.id) }));
  const [granting, setGranting] = useState<Grant | null>(null);
  const [multi, setMulti] = useState(false);

  const action = (label: string, icon: ReactNode, onClick: () => void, danger = false) => (
    <Button key={label} type="text" size="mini" status={danger ? 'danger' : undefined} icon={icon} onClick={onClick}>
      {label}
    </Button>
  );
  const actions = (grant: Grant) => {
    switch (grant.state) {
      case GRANT_STATE.requested:
        return [action(t('visit.attach.grant'), <IconCheck />, () => setGranting(grant)), action(t('visit.attach.refuse'), <IconClose />, () => confirmRefusal(grant, t), true)];
      case GRANT_STATE.granted:
        return [action(t('visit.attach.revoke'), <IconUndo />, () => confirmRefusal(grant, t), true)];
      case GRANT_STATE.refused:
        return [action(t('visit.attach.grant'), <IconCheck />, () => setGranting(grant))];
      default:
        return [action(t('visit.attach.renew'), <IconRefresh />, () => setGranting(grant))];
    }
  };

  const columns: TableColumnProps<Grant>[] = [
    {
      title: t('visit.attach.visitor'),
      dataIndex: 'visitorNick',
      width: 180,
      render: (_, grant) => (
        <div className="ba-attach-visitor">
          <span>{visitorName(grant)}</span>
          {grant.visitorNick ? <span className="ba-attach-muted">{grant.visitorId}</span> : null}
        </div>
      ),
    },
    { title: t('visit.attach.state'), dataIndex: 'state', width: 100, render: (_, grant) => <StateTag state={grant.state} /> },
    { title: t('visit.attach.requestedAt'), dataIndex: 'requestedAt', width: 170 },
    {
      title: t('visit.attach.decidedAt'),
      dataIndex: 'decidedAt',
      width: 170,
      render: (_, grant) =>
        grant.decidedAt ? (
          <div className="ba-attach-visitor">
            <span>{grant.decidedAt}</span>
            {grant.decidedByName ? <span className="ba-attach-muted">{grant.decidedByName}</span> : null}
          </div>
        ) : (
          '-'
        ),
    },
    {
      title: t('visit.attach.expiry'),
      dataIndex: 'expiresAt',
      width: 170,
      render: (_, grant) =>
        grant.expiresAt ? (
          <div className="ba-attach-visitor">
            <span>{grant.expiresAt}</span>
            {grant.secondsLeft !== null ? (
              <span className="ba-attach-left" data-testid="grant-time-left">
                {timeLeft(t, grant.secondsLeft)}
              </span>
            ) : null}
          </div>
        ) : (
          '-'
        ),
    },
    ...(mayDecide ? [{ title: t('crud.actions'), dataIndex: 'id', width: 190, fixed: 'right' as const, render: (_: unknown, grant: Grant) => <div className="ba-attach-actions">{actions(grant)}</div> }] : []),
  ];

  const firstWaiting = grants.data?.find((g) => g.state === GRANT_STATE.requested)?.visitorId;
  return (
    <div className="ba-attach-grants">
      <div className="ba-attach-grants-head">
        <span className="ba-attach-muted">
          {[String(attach.fileType ?? '').toUpperCase(), typeof attach.fileSize === 'number' ? sizeText(attach.fileSize) : ''].filter(Boolean).join(' · ')}
        </span>
        {mayDecide ? (
          <Button type="primary" size="small" onClick={() => setMulti(true)} data-testid="multi-grant">
            {t('visit.attach.multiGrant')}
          </Button>
        ) : null}
      </div>
      <LoadState failed={grants.failed && !grants.data} data={grants.data} onRetry={() => void grants.reload()}>
        {(rows) => (
          <Table
            rowKey="id"
            columns={columns}
            data={rows}
            loading={grants.loading}
            pagination={false}
            border={false}
            scroll={{ x: 980 }}
            noDataElement={<Empty description={t('visit.attach.noGrants')} />}
          />
        )}
      </LoadState>
      {granting ? <GrantDaysDialog key={granting.id} grant={granting} onClose={() => setGranting(null)} /> : null}
      {multi ? <MultiGrantDialog staffId={String(attach.staffId)} visitorId={firstWaiting} onClose={() => setMulti(false)} /> : null}
    </div>
  );
}

export interface GrantsDrawerProps {
  /** The attachment whose grants are shown; null: closed. */
  attach: AttachRow | null;
  onClose: () => void;
}

/** 授权: a drawer over the list with one attachment's requests and grants. Esc closes it. */
export function GrantsDrawer({ attach, onClose }: GrantsDrawerProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<AttachRow | null>(attach);
  if (attach && attach !== shown) setShown(attach);
  return (
    <Drawer
      className="ba-attach-drawer"
      visible={attach !== null}
      width="min(1000px, 100vw)"
      title={shown ? t('visit.attach.drawerTitle', { name: String(shown.name ?? '') }) : t('visit.attach.grants')}
      footer={null}
      escToExit
      onCancel={onClose}
      afterClose={() => setShown(null)}
      unmountOnExit
    >
      {shown ? <GrantList key={String(shown.id)} attach={shown} /> : null}
    </Drawer>
  );
}
