import type { Migration } from '../db/migrate';
import type { IdGenerator } from '../ids';
import { rateLimitTable } from '../ratelimit/store';
import { AUDIT_COLUMNS, kernelMigrations } from '../schema/kernel';
import { seedDemoTenant, seedDemoUserRole, seedKernel } from './kernel-seed';

/**
 * Issue 3: which plugins a tenant has (`blade_tenant.plugins`, null = every installed plugin) and group
 * menus (`blade_menu.is_group`, hidden while empty).
 */
export const pluginColumns: Migration = {
  id: '003_plugins',
  sql: `alter table blade_tenant add column plugins text;
alter table blade_menu add column is_group int not null default 0;`,
};

/** Buttons only the super administrator may hold (`ButtonDecl.administratorOnly`). */
export const administratorOnlyColumn: Migration = {
  id: '005_administrator_only',
  sql: 'alter table blade_menu add column administrator_only int not null default 0;',
};

/**
 * Issue 4: data scopes (which rows of a list a role sees) and API scopes (which roles may call a path),
 * in BladeX's tables. The scope rows are global (an administrator attaches them to menus); which roles
 * hold them is tenant data, like role_menu. A tenant can be bound to a datasource.
 */
export const scopeTables: Migration = {
  id: '006_scopes',
  sql: `create table blade_scope_data (
  id bigint primary key,
  menu_id bigint not null,
  resource_code varchar(255) not null,
  scope_name varchar(255) not null,
  scope_field varchar(255),
  scope_class varchar(500),
  scope_column varchar(255),
  scope_type int not null,
  scope_value varchar(2000),
  remark varchar(255),${AUDIT_COLUMNS}
);
create index blade_scope_data_resource on blade_scope_data (resource_code) where is_deleted = 0;
create table blade_scope_api (
  id bigint primary key,
  menu_id bigint not null,
  resource_code varchar(255) not null,
  scope_name varchar(255) not null,
  scope_path varchar(255) not null,
  scope_type int not null default 1,
  remark varchar(255),${AUDIT_COLUMNS}
);
create table blade_role_scope (
  id bigint primary key,
  tenant_id varchar(12) not null,
  scope_category int not null,
  scope_id bigint not null,
  role_id bigint not null,
  unique (role_id, scope_category, scope_id)
);
alter table blade_tenant add column datasource_id bigint;`,
};

/**
 * Which server process holds which of the 1024 snowflake worker ids (see leaseWorkerId in ids.ts): a row
 * per worker id ever leased, free again when `expires_at` has passed. Applied before the others at start,
 * since the ids of every later migration and seed come from the worker id claimed here.
 */
export const workerLeaseTable: Migration = {
  id: '007_worker_leases',
  sql: `create table blade_worker_lease (
  worker_id int primary key check (worker_id between 0 and 1023),
  holder varchar(200) not null,
  issued_until_ms bigint not null,
  claimed_at timestamptz not null,
  expires_at timestamptz not null
);`,
};

/**
 * Issue 9: the sign-in lock-out counts per tenant, account and client address, so that guesses from one
 * address cannot lock the account's owner out everywhere.
 */
export const loginAttemptsPerAddress: Migration = {
  id: '008_login_failure_ip',
  sql: `alter table blade_login_failure add column client_ip varchar(64) not null default '';
alter table blade_login_failure drop constraint blade_login_failure_pkey;
alter table blade_login_failure add primary key (tenant_id, account, client_ip);`,
};

/**
 * Issue 9: sessions ended before their access tokens expire, remembered until the last of those expires
 * (each refresh token now keeps its access token's expiry), so that every instance refuses them at once.
 */
export const sessionRevocations: Migration = {
  id: '009_session_revocations',
  sql: `alter table blade_refresh_token add column access_expires_at timestamptz;
create table blade_session_revocation (
  family_id bigint primary key,
  tenant_id varchar(12) not null,
  user_id bigint not null,
  revoked_at timestamptz not null,
  expires_at timestamptz not null
);
create index blade_session_revocation_expiry on blade_session_revocation (expires_at);`,
};

/**
 * Issue 10: uploads of documents (put-file-attach): an Office content type is longer than 64 characters
 * (`application/vnd.openxmlformats-officedocument.presentationml.presentation`).
 */
export const longerContentTypes: Migration = {
  id: '011_attach_content_type',
  sql: 'alter table blade_attach alter column content_type type varchar(255);',
};

/**
 * Issue 12: the logs the server writes for real (every API call, business events beside the error log),
 * and files kept outside the database: an attachment row then names the store (`oss_id`, a tenant's
 * storage configuration) and the object's key in it, and carries no bytes.
 */
export const logsAndStores: Migration = {
  id: '013_logs_and_stores',
  sql: `create table blade_log_api (
  id bigint primary key,
  tenant_id varchar(12) not null,
  service_id varchar(32),
  server_host varchar(255),
  server_ip varchar(255),
  env varchar(255),
  type varchar(16) not null default '1',
  title varchar(255),
  method varchar(10),
  request_uri varchar(2000),
  route varchar(255),
  user_agent varchar(1000),
  remote_ip varchar(255),
  method_class varchar(255),
  method_name varchar(255),
  params text,
  status int,
  time varchar(64),
  request_id varchar(128),
  create_by varchar(64),
  user_id bigint,
  create_time timestamptz not null default now()
);
create index blade_log_api_time on blade_log_api (tenant_id, create_time desc);
create index blade_log_api_request on blade_log_api using hash (request_id);
create table blade_log_usual (
  id bigint primary key,
  tenant_id varchar(12) not null,
  service_id varchar(32),
  server_host varchar(255),
  server_ip varchar(255),
  env varchar(255),
  log_level varchar(10),
  log_id varchar(100),
  log_data text,
  method varchar(10),
  request_uri varchar(2000),
  user_agent varchar(1000),
  remote_ip varchar(255),
  method_class varchar(255),
  method_name varchar(255),
  params text,
  time varchar(64),
  request_id varchar(128),
  create_by varchar(64),
  user_id bigint,
  create_time timestamptz not null default now()
);
create index blade_log_usual_time on blade_log_usual (tenant_id, create_time desc);
alter table blade_log_error add column request_id varchar(128);
create index blade_log_error_request on blade_log_error (request_id);
alter table blade_attach add column oss_id bigint;
alter table blade_attach add column object_key varchar(500);
alter table blade_attach alter column bytes drop not null;`,
};

/** The kernel's migrations in order, first-start data included (each runs once per database). */
export function kernelMigrationSet(ids: IdGenerator): Migration[] {
  return [
    ...kernelMigrations,
    { id: '002_seed', run: (tx) => seedKernel(tx, ids) },
    pluginColumns,
    { id: '004_demo_tenant', run: (tx) => seedDemoTenant(tx, ids) },
    administratorOnlyColumn,
    scopeTables,
    workerLeaseTable,
    loginAttemptsPerAddress,
    sessionRevocations,
    rateLimitTable,
    longerContentTypes,
    { id: '012_demo_user_role', run: (tx) => seedDemoUserRole(tx, ids) },
    logsAndStores,
  ];
}

/** What the test snapshot depends on besides the plugins (a change here invalidates it). */
export const kernelMigrationSource = () =>
  JSON.stringify({ schema: [...kernelMigrations, pluginColumns, administratorOnlyColumn, scopeTables, workerLeaseTable, loginAttemptsPerAddress, sessionRevocations, rateLimitTable, longerContentTypes, logsAndStores], seeds: [seedKernel.toString(), seedDemoTenant.toString(), seedDemoUserRole.toString()] });
