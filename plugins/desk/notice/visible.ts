import { formatDateTime, SqlParams } from '../../../core/sdk/server';
import { NOTICE_STATE, noticeEntity } from './entity';

/**
 * The notices a member of the tenant reads in the popover: the tenant's, not removed, published, and
 * released (the release time has come by the server's clock). A draft or a scheduled notice is not there,
 * for anyone, whatever id is asked for.
 */
export function visibleNotices(p: SqlParams, tenantId: string, now: Date, alias = 'n'): string {
  return `${alias}.tenant_id = ${p.add(tenantId)} and ${alias}.is_deleted = 0 and ${alias}.status = ${p.add(NOTICE_STATE.published)}
    and ${alias}.release_time is not null and ${alias}.release_time <= ${p.add(formatDateTime(now))}::timestamp`;
}

export const NOTICE_TABLE = noticeEntity.table;
