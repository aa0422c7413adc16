import { useState } from 'react';
import { Select, Space } from '@arco-design/web-react';
import { useTranslation } from '../../../core/sdk/browser';
import { DAYS_IN_MONTH, isMonthDay } from './dates';

const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = DAYS_IN_MONTH.map((_, i) => i + 1);

/**
 * A month and a day (`MM-dd`), the date of a festival that comes back every year: the days offered are
 * those of the month chosen (29 for February, which leap years have), so no impossible date can be picked.
 */
export function MonthDayPicker({ value, onChange, disabled }: { value?: string; onChange?: (value: string | undefined) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const given = value && isMonthDay(value) ? value.split('-').map(Number) : undefined;
  // A month chosen before its day is kept here until the day completes the value.
  const [pendingMonth, setPendingMonth] = useState<number | undefined>(undefined);
  const month = given?.[0] ?? pendingMonth;
  const day = given?.[1];
  const days = month ? DAYS_IN_MONTH[month - 1]! : 31;

  const choose = (nextMonth: number | undefined, nextDay: number | undefined) => {
    if (nextMonth && nextDay) {
      setPendingMonth(undefined);
      onChange?.(`${pad(nextMonth)}-${pad(Math.min(nextDay, DAYS_IN_MONTH[nextMonth - 1]!))}`);
    } else {
      setPendingMonth(nextMonth);
      onChange?.(undefined);
    }
  };

  return (
    <Space size={8} className="card-month-day">
      <Select
        aria-label={t('card.festival.month')}
        placeholder={t('card.festival.month')}
        value={month}
        onChange={(next: number | undefined) => choose(next, day)}
        disabled={disabled}
        style={{ width: 110 }}
        options={MONTHS.map((m) => ({ value: m, label: t('card.festival.monthOf', { month: m }) }))}
      />
      <Select
        aria-label={t('card.festival.day')}
        placeholder={t('card.festival.day')}
        value={day}
        onChange={(next: number | undefined) => choose(month, next)}
        disabled={disabled || !month}
        style={{ width: 100 }}
        options={Array.from({ length: days }, (_, i) => ({ value: i + 1, label: t('card.festival.dayOf', { day: i + 1 }) }))}
      />
    </Space>
  );
}
