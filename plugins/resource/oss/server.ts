import type { Migration, ServerParts } from '../../../core/sdk/server';
import { oneEnabledIndex } from '../enabling/exclusive-enable';
import { ossRoutes } from './routes';
import { ossHooks } from './rules';
import { seedOssConfigs } from './seed';
import { ossFileStores } from './stores';

/** The table of the configurations (BladeX's blade_oss, with path-style access), one enabled per tenant. */
const ossTable: Migration = {
  id: 'oss-001-table',
  sql: `create table if not exists blade_oss (
  id bigint primary key,
  tenant_id varchar(12) not null,
  category int not null default 1,
  oss_code varchar(32) not null,
  endpoint varchar(255),
  access_key varchar(128),
  secret_key text,
  bucket_name varchar(63),
  app_id varchar(255),
  region varchar(64),
  path_style int not null default 1,
  remark varchar(255),
  create_user bigint,
  create_dept bigint,
  create_time timestamptz not null default now(),
  update_user bigint,
  update_time timestamptz not null default now(),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index if not exists blade_oss_code on blade_oss (tenant_id, oss_code) where is_deleted = 0;
create index if not exists blade_oss_tenant on blade_oss (tenant_id, create_time desc);
${oneEnabledIndex('blade_oss')}`,
};

/**
 * Object storage on the server: the configurations on the engine (with their rules), enable / disable /
 * test, the stores the kernel puts every upload in (`provides.fileStores`), and the demo configurations.
 */
export const ossServer: ServerParts = {
  migrations: [ossTable],
  resources: { oss: (ctx) => ({ hooks: ossHooks(ctx) }) },
  routes: ossRoutes,
  provides: { fileStores: ossFileStores },
  seed: seedOssConfigs,
};
