import { Tag, Tooltip } from '@arco-design/web-react';
import { CrudPage, useTranslation, type Row } from '../../../core/sdk/browser';
import { CompanySelect } from './CompanySelect';
import { CHOSEN_COMPANIES, festivalEntity } from './entity';
import { MonthDayPicker } from './MonthDayPicker';
import './festival.css';

const STATUS_COLOR: Record<number, string> = { 1: 'green', 2: 'gray' };
/** Within a month: worth preparing for now. */
const SOON_DAYS = 30;

/** The form's order: what the festival is, whom it is for, then what the cards show. */
const FORM_FIELDS = ['name', 'date', 'scope', 'status', 'companyIds', 'greeting', 'poster', 'sort'];

/** Chosen companies are required, and shown, only when the festival is for chosen companies. */
const scopeFields = (values: Row) => (Number(values.scope) === CHOSEN_COMPANIES ? { required: ['companyIds'] } : { hidden: ['companyIds'] });

/**
 * /card/festival: the kit's list screen for festivals, in the order they fall next (the server's
 * default), each with its next date and the days until then. The form picks a real month-day, and the
 * companies when the festival is not for all of them.
 */
export default function FestivalPage() {
  const { t } = useTranslation();
  return (
    <CrudPage
      entity={festivalEntity}
      // Icons: the list's columns need the room.
      iconActions
      table={{
        cells: {
          daysUntil: (value) => {
            const days = Number(value);
            if (value === undefined || value === null || days < 0) return '-';
            return (
              <Tag size="small" color={days === 0 ? 'red' : days <= SOON_DAYS ? 'orangered' : 'gray'}>
                {days === 0 ? t('card.festival.today') : t('card.festival.inDays', { count: days })}
              </Tag>
            );
          },
          scope: (value, row, text) =>
            Number(value) === CHOSEN_COMPANIES && row.companyNames ? (
              <Tooltip content={String(row.companyNames)}>
                <span>
                  {text}：{String(row.companyNames)}
                </span>
              </Tooltip>
            ) : (
              text
            ),
          status: (value, _row, text) => <Tag color={STATUS_COLOR[Number(value)] ?? 'gray'}>{text}</Tag>,
        },
      }}
      dialog={{
        form: {
          fields: FORM_FIELDS,
          controls: { date: <MonthDayPicker />, companyIds: <CompanySelect /> },
          dynamic: scopeFields,
        },
      }}
    />
  );
}
