import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Modal } from '@arco-design/web-react';
import { IconCheckCircle } from '@arco-design/web-react/icon';
import { choiceLabel, CrudPage, currentLanguage, http, invalidateResource, localText, stateLabel, useCrudList, useFieldChoices, useGranted, useTranslation, type RowOf } from '../../../core/sdk/browser';
import { courseEntity } from '../course/entity';
import { StateMoveActions } from '../StateMoveActions';
import { BatchResultDialog, type BatchResult } from './BatchResultDialog';
import './register.css';
import { REGISTER_STATE, REGISTER_STATUS_CODE, registerEntity, registerStates } from './entity';

type RegisterRow = RowOf<typeof registerEntity>;

/** The field whose choices name the courses. */
const COURSE_FIELD = [registerEntity.fields.courseId];

/** A move's effect reaches the course too: its approved count. */
const reloadBoth = () => {
  void invalidateResource(registerEntity);
  void invalidateResource(courseEntity);
};

/**
 * /course/register (报名管理): the kit's list of registrations, filtered by course, status and mobile, with
 * per row the moves its state allows (通过 / 拒绝 / 签到 / 取消, each asked first), and 批量通过 for the
 * selected pending ones, judged one by one by the server, which says how many passed and why the others
 * did not.
 */
export default observer(function RegisterPage() {
  const { t } = useTranslation();
  const list = useCrudList({ entity: registerEntity });
  const can = useGranted([REGISTER_STATUS_CODE]);
  const mayMove = can(REGISTER_STATUS_CODE);
  const [result, setResult] = useState<BatchResult | null>(null);
  // The course titles the list shows, for the confirmations.
  const courses = useFieldChoices(COURSE_FIELD).optionsOf(registerEntity.fields.courseId);

  const pendingSelected = list.selectedRows.filter((row) => row.status === REGISTER_STATE.pending);
  const approveSelected = () => {
    const ids = pendingSelected.flatMap((row) => (row.id ? [row.id] : []));
    const skipped = list.selectedRows.length - ids.length;
    Modal.confirm({
      title: t('course.register.batchConfirmTitle'),
      content: (
        <>
          <p>{t('course.register.batchConfirm', { count: ids.length })}</p>
          {skipped > 0 ? <p>{t('course.register.batchSkipped', { count: skipped })}</p> : null}
        </>
      ),
      okText: t('course.register.batchApprove'),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        try {
          const answer = await http.post<BatchResult>('/api/course/register/approve', undefined, { params: { ids: ids.join(',') } });
          setResult(answer.data);
          list.setSelectedKeys([]);
        } catch {
          return; // the toast said why
        } finally {
          reloadBoth();
        }
      },
    });
  };

  const question = (row: RegisterRow, to: number) => (
    <>
      <p>{t('course.register.confirm', { action: t(`course.register.actions.${to}`), name: row.name ?? '', mobile: row.mobile ?? '' })}</p>
      <p className="course-muted-line">{t('course.register.confirmCourse', { course: choiceLabel(courses, row.courseId) })}</p>
    </>
  );

  return (
    <>
      <CrudPage
        entity={registerEntity}
        list={list}
        bulk={mayMove}
        iconActions
        toolbar={() =>
          mayMove ? (
            <Button icon={<IconCheckCircle />} disabled={pendingSelected.length === 0} onClick={approveSelected} data-testid="register-batch-approve">
              {t('course.register.batchApprove')}
              {pendingSelected.length > 0 ? ` (${pendingSelected.length})` : ''}
            </Button>
          ) : null
        }
        extraRowActions={(row) =>
          mayMove && row.id ? (
            <StateMoveActions
              machine={registerStates}
              id={row.id}
              from={Number(row.status)}
              url="/api/course/register/update/status"
              actionLabel={(to) => t(`course.register.actions.${to}`)}
              question={(to) => question(row, to)}
              done={(to) => t('course.register.moved', { state: localText(stateLabel(registerStates, to)) })}
              danger={[REGISTER_STATE.refused, REGISTER_STATE.cancelled]}
              onMoved={reloadBoth}
              testId="register-move"
            />
          ) : null
        }
        extraActionsWidth={mayMove ? (currentLanguage() === 'en' ? 150 : 110) : 0}
      />
      <BatchResultDialog result={result} onClose={() => setResult(null)} />
    </>
  );
});
