import type { Migration } from '../db/migrate';

/**
 * The kernel's tables, with BladeX's table and column names. Ids are snowflake bigints, times are
 * timestamptz. Every table with a `tenant_id` gets row-level security from `secureTables()` after the
 * migrations; tables without one (menu, client, captcha, oauth codes) are global by design.
 */

/**
 * BladeX `BaseEntity` audit columns: who created and last changed a row, and when. `status` 1 is normal;
 * `is_deleted` 1 is a logical delete.
 */
export const AUDIT_COLUMNS = `
  create_user bigint,
  create_dept bigint,
  create_time timestamptz not null default now(),
  update_user bigint,
  update_time timestamptz not null default now(),
  status int not null default 1,
  is_deleted int not null default 0`;

const schema = `
create table blade_tenant (
  id bigint primary key,
  tenant_id varchar(12) not null unique,
  tenant_name varchar(50) not null,
  domain_url varchar(255),
  background_url varchar(1000),
  linkman varchar(20),
  contact_number varchar(20),
  address varchar(255),
  account_number int not null default -1,
  expire_time timestamptz,
  package_id bigint,
  license_key varchar(1000),${AUDIT_COLUMNS}
);

-- status: 1 approved, 0 pending (a guest's registration waiting for an administrator).
create table blade_user (
  id bigint primary key,
  tenant_id varchar(12) not null,
  code varchar(12),
  user_type int not null default 1,
  account varchar(45) not null,
  password varchar(200),
  name varchar(20),
  real_name varchar(20),
  avatar varchar(500),
  email varchar(45),
  phone varchar(45),
  birthday timestamptz,
  sex smallint,
  role_id varchar(1000),
  dept_id varchar(1000),
  post_id varchar(1000),${AUDIT_COLUMNS}
);
create unique index blade_user_account on blade_user (tenant_id, account) where is_deleted = 0;

create table blade_role (
  id bigint primary key,
  tenant_id varchar(12) not null,
  parent_id bigint not null default 0,
  role_name varchar(255),
  sort int,
  role_alias varchar(255),
  is_deleted int not null default 0
);
create index blade_role_tenant on blade_role (tenant_id);

-- Global: menus and buttons are declared by the installed plugins (plugin = who declared it, null = made
-- by an administrator). decl_hash lets a restart update a row only when its declaration changed, so an
-- administrator's edits survive restarts. name_en is ours: BladeX keeps one name.
create table blade_menu (
  id bigint primary key,
  parent_id bigint not null default 0,
  code varchar(255) not null unique,
  name varchar(255),
  name_en varchar(255),
  alias varchar(255),
  path varchar(255),
  source varchar(255),
  sort int,
  category int not null default 1,
  action int not null default 0,
  is_open int not null default 1,
  component varchar(255),
  remark varchar(255),
  is_deleted int not null default 0,
  plugin varchar(64),
  decl_hash varchar(64)
);

-- tenant_id is ours (BladeX has none here): a role belongs to one tenant, and RLS can then guard grants too.
create table blade_role_menu (
  id bigint primary key,
  tenant_id varchar(12) not null,
  menu_id bigint not null,
  role_id bigint not null,
  unique (role_id, menu_id)
);

-- One row per refresh token issued (the jti's sha-256, never the token). A use revokes it and issues the
-- next one in the same family (one sign-in); a second use of a revoked one revokes the whole family.
create table blade_refresh_token (
  id bigint primary key,
  tenant_id varchar(12) not null,
  user_id bigint not null,
  client_id varchar(48) not null,
  family_id bigint not null,
  jti_hash char(64) not null unique,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index blade_refresh_token_user on blade_refresh_token (tenant_id, user_id);
create index blade_refresh_token_family on blade_refresh_token (family_id);

-- Failed sign-ins per tenant and account (existing or not): the lock-out lives here, not in memory.
create table blade_login_failure (
  tenant_id varchar(12) not null,
  account varchar(45) not null,
  fail_count int not null,
  first_failed_at timestamptz not null,
  locked_until timestamptz,
  primary key (tenant_id, account)
);

create table blade_captcha (
  captcha_key varchar(64) primary key,
  code varchar(16) not null,
  expires_at timestamptz not null
);

-- Third-party identities; user_id is null while the identity is a guest.
create table blade_user_oauth (
  id bigint primary key,
  tenant_id varchar(12) not null,
  uuid varchar(64) not null,
  user_id bigint,
  username varchar(255),
  nickname varchar(255),
  avatar varchar(1000),
  blog varchar(255),
  company varchar(255),
  location varchar(255),
  email varchar(255),
  remark varchar(255),
  gender varchar(16),
  source varchar(255) not null,
  create_time timestamptz not null default now(),
  unique (tenant_id, source, uuid)
);

-- One-time codes a provider hands back to /login (only their sha-256 is kept), with the identity they carry.
create table blade_oauth_code (
  code_hash char(64) primary key,
  source varchar(64) not null,
  uuid varchar(64) not null,
  username varchar(255),
  nickname varchar(255),
  avatar varchar(1000),
  expires_at timestamptz not null,
  used_at timestamptz
);

create table blade_attach (
  id bigint primary key,
  tenant_id varchar(12) not null,
  link varchar(1000),
  domain_url varchar(500),
  name varchar(500) not null unique,
  original_name varchar(500),
  extension varchar(12),
  content_type varchar(64),
  attach_size bigint,
  bytes bytea not null,${AUDIT_COLUMNS}
);

create table blade_log_error (
  id bigint primary key,
  tenant_id varchar(12) not null,
  service_id varchar(32),
  server_host varchar(255),
  server_ip varchar(255),
  env varchar(255),
  method varchar(10),
  request_uri varchar(2000),
  user_agent varchar(1000),
  remote_ip varchar(255),
  method_class varchar(255),
  method_name varchar(255),
  params text,
  time varchar(64),
  create_by varchar(64),
  create_time timestamptz not null default now(),
  stack_trace text,
  exception_name varchar(255),
  message text,
  line_number int,
  file_name varchar(1000),
  user_id bigint,
  info text
);
create index blade_log_error_time on blade_log_error (tenant_id, create_time);
`;

export const kernelMigrations: Migration[] = [
  {
    id: '001_schema',
    sql: schema,
    // Its first text also made blade_client, blade_dept, blade_post, blade_top_menu and
    // blade_top_menu_setting, which the client, dept, post and topmenu plugins now own.
    replaces: ['e3fe63851938ce810db5e00623c4a18c2fd3637b25bedfe5a0a4c452b4f3fc42'],
  },
];
