import { Tag } from '@arco-design/web-react';
import type { CellRenderer, Row, TFunction } from '../../../../core/sdk/browser';
import { ENABLED } from '../../company/entity';

/**
 * How a staff row's state reads in a table (the tenants' screen and the system view alike): the default
 * card as a tag beside the name, the status in colour, the linked account or a dash.
 */
export function staffCells(t: TFunction): Record<string, CellRenderer> {
  const defaultTag = (row: Row) => (Number(row.isDefault) === 1 ? <Tag size="small" color="arcoblue">{t('card.staff.isDefault')}</Tag> : null);
  return {
    name: (_value, row, text) => (
      <span className="card-staff-name">
        {text}
        {defaultTag(row)}
      </span>
    ),
    isDefault: (_value, row) => defaultTag(row) ?? '-',
    status: (value, _row, text) => <Tag color={Number(value) === ENABLED ? 'green' : 'gray'}>{text}</Tag>,
    userAccount: (value) => (value ? String(value) : '-'),
  };
}
