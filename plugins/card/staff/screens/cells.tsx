import { Tag } from '@arco-design/web-react';
import type { CellRenderer, TFunction } from '../../../../core/sdk/browser';
import { ENABLED } from '../../company/entity';

/**
 * How a staff row's state reads in a table (the tenants' screen and the system view alike): the default
 * card as a tag, the status in colour, the linked account or a dash.
 */
export function staffCells(t: TFunction): Record<string, CellRenderer> {
  return {
    isDefault: (value) => (Number(value) === 1 ? <Tag color="arcoblue">{t('card.staff.isDefault')}</Tag> : '-'),
    status: (value, _row, text) => <Tag color={Number(value) === ENABLED ? 'green' : 'gray'}>{text}</Tag>,
    userAccount: (value) => (value ? String(value) : '-'),
  };
}
