import { Button, Modal, Tag, Tooltip } from '@arco-design/web-react';
import { IconSend, IconUndo } from '@arco-design/web-react/icon';
import {
  CrudPage,
  http,
  invalidateResource,
  localText,
  stateLabel,
  toastSuccess,
  useCan,
  useTranslation,
  type RowOf,
} from '../../../core/sdk/browser';
import { NOTICE_PUBLISH_CODE, NOTICE_STATE, noticeEntity, noticeMachine, type NoticeState } from './entity';

const pad = (n: number) => String(n).padStart(2, '0');
/** Now as the form's release time (`yyyy-MM-dd HH:mm:ss`): a new notice is released when saved unless changed. */
const nowText = () => {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};
/** A release time still ahead (the same wall-clock form compares as text). */
const isAhead = (releaseTime: unknown) => typeof releaseTime === 'string' && releaseTime !== '' && releaseTime > nowText();

const FORM_FIELDS = ['title', 'category', 'releaseTime', 'status', 'readCount', 'content'];

type NoticeRow = RowOf<typeof noticeEntity>;

/** Publish (a draft) or withdraw (a published notice), confirmed first; the list reads again either way. */
function PublishAction({ row }: { row: NoticeRow }) {
  const { t } = useTranslation();
  if (!row.id) return null;
  const publishing = Number(row.status) !== NOTICE_STATE.published;
  const label = t(publishing ? 'desk.notice.publish' : 'desk.notice.withdraw');
  const confirm = () =>
    Modal.confirm({
      title: label,
      content: t(publishing ? 'desk.notice.confirmPublish' : 'desk.notice.confirmWithdraw', { title: String(row.title ?? '') }),
      okText: label,
      cancelText: t('crud.cancel'),
      okButtonProps: publishing ? undefined : { status: 'warning' },
      onOk: async () => {
        const to: NoticeState = publishing ? NOTICE_STATE.published : NOTICE_STATE.draft;
        try {
          await http.post(`${noticeEntity.api.base}/status`, undefined, { params: { id: row.id, status: to } });
          toastSuccess(t(publishing ? 'desk.notice.published' : 'desk.notice.withdrawn'));
        } finally {
          // Refused or not, the list shows the state as the server has it now.
          void invalidateResource(noticeEntity);
        }
      },
    });
  return (
    <Tooltip content={label} mini>
      <Button
        type="text"
        size="mini"
        status={publishing ? undefined : 'warning'}
        icon={publishing ? <IconSend /> : <IconUndo />}
        onClick={confirm}
        aria-label={label}
        data-testid={publishing ? 'notice-publish' : 'notice-withdraw'}
      />
    </Tooltip>
  );
}

/**
 * /desk/notice: the kit's list of notices (title, category tag, release time, state: 已发布, 草稿, or 定时发布
 * for a published one whose time is ahead; the members who read it), searched by title, category, state and
 * release-time range; the 880-wide dialog with the rich-text editor, a new notice released now unless its
 * time is changed; publishing and withdrawing per row for whoever may edit.
 */
export default function NoticePage() {
  const { t } = useTranslation();
  const mayPublish = useCan(NOTICE_PUBLISH_CODE).can;
  return (
    <CrudPage
      entity={noticeEntity}
      newRow={() => ({ releaseTime: nowText() })}
      iconActions
      table={{
        cells: {
          category: (_value, _row, text) => (text ? <Tag color="arcoblue">{text}</Tag> : null),
          status: (value, row) => {
            const state = Number(value) as NoticeState;
            if (state === NOTICE_STATE.published && isAhead(row.releaseTime)) {
              return (
                <Tooltip content={t('desk.notice.scheduledHint')} mini>
                  <Tag color="purple">{t('desk.notice.scheduled')}</Tag>
                </Tooltip>
              );
            }
            const declared = noticeMachine.states.find((s) => s.value === state);
            return declared ? <Tag color={declared.color}>{localText(stateLabel(noticeMachine, state))}</Tag> : null;
          },
        },
      }}
      extraRowActions={mayPublish ? (row) => <PublishAction row={row} /> : undefined}
      dialog={{ form: { fields: FORM_FIELDS } }}
    />
  );
}
