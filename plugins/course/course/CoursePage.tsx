import { Progress, Tag } from '@arco-design/web-react';
import { IconLink } from '@arco-design/web-react/icon';
import { observer } from 'mobx-react-lite';
import { choiceLabel, CrudPage, invalidateResource, localText, stateLabel, useCrudList, useDictionary, useGranted, useTranslation, type RowOf, type TFunction } from '../../../core/sdk/browser';
import { StateMoveActions } from '../StateMoveActions';
import { COURSE_STATUS_CODE, courseCategoryDictionary, courseEntity, courseStates } from './entity';
import { timeRange } from './time-range';
import './course.css';

type CourseRow = RowOf<typeof courseEntity>;

/** Approved seats against the seats offered: a bar while some are left, 已满 once none is. */
function Seats({ taken, capacity, t }: { taken: number; capacity: number; t: TFunction }) {
  const full = capacity > 0 && taken >= capacity;
  return (
    <span className="course-seats" title={t('course.course.seatsLabel', { taken, capacity })} data-testid="course-seats">
      <span className="course-seats-count">
        {taken}/{capacity}
      </span>
      {full ? (
        <Tag size="small" color="red" className="course-seats-full">
          {t('course.course.full')}
        </Tag>
      ) : (
        <Progress className="course-seats-bar" percent={capacity > 0 ? Math.round((taken / capacity) * 100) : 0} showText={false} size="small" width={64} />
      )}
    </span>
  );
}

/** Where: the place, or the online link as a tag that opens it. */
function Place({ row, t }: { row: CourseRow; t: TFunction }) {
  if (row.place) return <>{row.place}</>;
  if (!row.onlineUrl) return <>-</>;
  return (
    <a className="course-online" href={String(row.onlineUrl)} target="_blank" rel="noreferrer noopener" title={String(row.onlineUrl)} aria-label={t('course.course.openLink')}>
      <Tag size="small" color="arcoblue" icon={<IconLink />}>
        {t('course.course.online')}
      </Tag>
    </a>
  );
}

/** When: the day (or days) above the hours. */
function When({ start, end }: { start: string; end: string }) {
  const { days, hours } = timeRange(start, end);
  return (
    <span className="course-two-lines">
      <span>{days}</span>
      <span className="course-muted">{hours}</span>
    </span>
  );
}

/** The title, and under it who teaches and what kind of course it is. */
function Title({ row, category }: { row: CourseRow; category: string }) {
  return (
    <span className="course-two-lines">
      <span>{row.title}</span>
      <span className="course-muted">{[row.teacher, category].filter(Boolean).join(' · ')}</span>
    </span>
  );
}

/**
 * /course/list (课程列表): the kit's list of courses with their cover, time, place, price and seats, and
 * per row the status moves the course's state allows (each asked first; 状态流转 permission).
 */
export default observer(function CoursePage() {
  const { t } = useTranslation();
  const list = useCrudList({ entity: courseEntity });
  const can = useGranted([COURSE_STATUS_CODE]);
  const mayMove = can(COURSE_STATUS_CODE);
  const categories = useDictionary(courseCategoryDictionary.code).options;
  // The course's reads, the registrations' course choices among them (they are read from its API).
  const onMoved = () => void invalidateResource(courseEntity);
  return (
    <CrudPage
      entity={courseEntity}
      list={list}
      className="course-page"
      iconActions
      table={{
        cells: {
          title: (_value, row) => <Title row={row} category={choiceLabel(categories, row.category)} />,
          startTime: (_value, row) => <When start={String(row.startTime ?? '')} end={String(row.endTime ?? '')} />,
          place: (_value, row) => <Place row={row} t={t} />,
          price: (value) =>
            value === 0 ? (
              <Tag size="small" color="green">
                {t('course.course.free')}
              </Tag>
            ) : undefined,
          registeredCount: (value, row) => <Seats taken={Number(value ?? 0)} capacity={Number(row.capacity ?? 0)} t={t} />,
        },
      }}
      extraRowActions={(row) =>
        mayMove && row.id ? (
          <StateMoveActions
            machine={courseStates}
            id={row.id}
            from={Number(row.status)}
            url="/api/course/update/status"
            actionLabel={(to) => t(`course.course.actions.${to}`)}
            question={(to) =>
              t('course.course.moveConfirm', { title: row.title ?? '', from: localText(stateLabel(courseStates, Number(row.status))), to: localText(stateLabel(courseStates, to)) })
            }
            done={(to) => t('course.course.moved', { state: localText(stateLabel(courseStates, to)) })}
            danger={[0]}
            onMoved={onMoved}
            testId="course-move"
          />
        ) : null
      }
      extraActionsWidth={mayMove ? 150 : 0}
    />
  );
});
