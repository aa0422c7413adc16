import type { Option } from '../../../core/sdk/shared';

/**
 * The enabled flag of configurations of which a tenant uses one at a time (object storage, SMS), read by
 * both sides: the audit `status` column with BladeX's `yes_no` values, 1 否 (disabled, every new row) and
 * 2 是 (enabled). The server's move between them is `enableExclusively` (exclusive-enable.ts).
 */
export const DISABLED = 1;
export const ENABLED = 2;

export const ENABLED_OPTIONS: Option[] = [
  { value: DISABLED, label: { zh: '否', en: 'No' }, color: 'gray' },
  { value: ENABLED, label: { zh: '是', en: 'Yes' }, color: 'green' },
];
