import type { Migration } from '../../../core/sdk/server';

/**
 * Who has read which notice: one row per reader and notice, written once (`on conflict do nothing`), so
 * marking twice, or from two tabs at once, is one mark. `tenant_id` puts it under row-level security
 * like every tenant table; a notice's readers are counted by (tenant, notice), a user's marks by (tenant,
 * user).
 */
export const noticeReadTable: Migration = {
  id: 'notice_001_read',
  sql: `
    create table if not exists blade_notice_read (
      tenant_id varchar(12) not null,
      notice_id bigint not null,
      user_id bigint not null,
      read_time timestamptz not null,
      primary key (notice_id, user_id)
    );
    create index if not exists blade_notice_read_user on blade_notice_read (tenant_id, user_id);
  `,
};
