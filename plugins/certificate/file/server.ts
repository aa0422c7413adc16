import type { Migration, ServerParts } from '../../../core/sdk/server';
import { fileRoutes } from './routes';
import { seedCertificateFiles } from './seed';
import { VERIFY_RATE_RULES, verifyRoutes } from './verify';
import { VERIFY_PATH } from './verify-token';

/**
 * The certificates issued (one row per order: its number, first issue date, the issuer printed, the
 * current file) and the per-tenant, per-year counter of certificate numbers.
 */
export const fileMigrations: readonly Migration[] = [
  {
    id: 'file-001-issue',
    sql: `
      create table if not exists xh_certificate_issue (
        tenant_id varchar(12) not null,
        order_id bigint not null,
        certificate_no varchar(32) not null,
        issue_date date not null,
        issuer_name varchar(100) not null default '',
        attach_id bigint,
        file_link varchar(500) not null default '',
        file_size integer not null default 0,
        create_user bigint,
        create_time timestamp not null,
        update_user bigint,
        update_time timestamp not null,
        primary key (tenant_id, order_id)
      );
      create unique index if not exists xh_certificate_issue_no on xh_certificate_issue (tenant_id, certificate_no);
      create table if not exists xh_certificate_no_seq (
        tenant_id varchar(12) not null,
        year integer not null,
        last_no integer not null,
        primary key (tenant_id, year)
      );
    `,
  },
];

/** The certificate file: making it, its link, the public check its QR code opens. */
export const fileServer: ServerParts = {
  migrations: fileMigrations,
  routes(api, ctx) {
    fileRoutes(api, ctx);
    verifyRoutes(api, ctx);
  },
  publicPaths: [VERIFY_PATH],
  rateRules: VERIFY_RATE_RULES,
  // After the orders' and the payment settings' seeds: it files some of those orders with that issuer.
  seed: seedCertificateFiles,
};
