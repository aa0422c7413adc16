import type { Migration } from '../../core/sdk/server';

/**
 * The workflow's tables.
 *
 * - `flow_model`: process models drawn in the modeler, shared by every tenant (the super administrator's),
 *   kept as BPMN XML; deploying one makes definitions for the chosen tenants.
 * - `flow_definition`: a deployed version of a process for one tenant, id `<key>:<version>:<deployment>`
 *   (BladeX's processDefinitionId shape); a new deployment of the same key is the next version.
 * - `flow_instance`: a `running`, `finished` or `deleted` instance with the engine's whole state (`engine_state`, what
 *   bpmn-engine's getState gives) and a `revision` bumped by every step, so a step that read an older
 *   state never writes over a newer one.
 * - `flow_task`: the user tasks, waiting (`claim`: for candidates, groups by role alias or users by id;
 *   `todo`: assigned), `done` or `cancelled`; the work lists are queries over it. `execution_id` is the
 *   engine's execution of the task, so a step tells its tasks apart from those of an earlier pass.
 * - `flow_activity`: the history of every element an instance passed, in the order they started: start
 *   events, user tasks (who, when, how long, the comment), gateways, end events, and the sequence flows
 *   taken (type `sequenceFlow`, starting and ending at once), so a diagram can draw the path.
 *
 * Tenant tables are under row-level security; every query still filters by tenant_id.
 */
export const flowTables: Migration = {
  id: '001_flow_tables',
  sql: `
    create table if not exists flow_model (
      id bigint primary key,
      model_key varchar(64) not null,
      name varchar(255) not null,
      description varchar(500) not null default '',
      version int not null default 1,
      xml text not null,
      create_user bigint,
      create_time timestamptz not null default now(),
      update_user bigint,
      update_time timestamptz not null default now(),
      is_deleted int not null default 0
    );
    create unique index if not exists flow_model_key on flow_model (model_key) where is_deleted = 0;

    create table if not exists flow_definition (
      id varchar(160) primary key,
      tenant_id varchar(12) not null,
      process_key varchar(64) not null,
      name varchar(255) not null,
      description varchar(500) not null default '',
      version int not null,
      category varchar(64) not null default '',
      deployment_id bigint not null,
      deployment_name varchar(255) not null default '',
      resource_name varchar(255) not null default '',
      xml text not null,
      suspension_state int not null default 1,
      deploy_time timestamptz not null,
      unique (tenant_id, process_key, version)
    );
    create index if not exists flow_definition_deployment on flow_definition (deployment_id);

    create table if not exists flow_instance (
      id bigint primary key,
      tenant_id varchar(12) not null,
      definition_id varchar(160) not null,
      business_key varchar(255) not null default '',
      start_user bigint not null,
      start_user_name varchar(255) not null default '',
      start_time timestamptz not null,
      end_time timestamptz,
      status varchar(16) not null default 'running',
      delete_reason varchar(500) not null default '',
      variables jsonb not null default '{}',
      engine_state jsonb,
      revision int not null default 0
    );
    create index if not exists flow_instance_starter on flow_instance (tenant_id, start_user, start_time desc);
    create index if not exists flow_instance_running on flow_instance (tenant_id, start_time desc) where status = 'running';

    create table if not exists flow_task (
      id bigint primary key,
      tenant_id varchar(12) not null,
      instance_id bigint not null,
      definition_id varchar(160) not null,
      activity_id varchar(160) not null,
      name varchar(255) not null default '',
      assignee bigint,
      candidate_groups varchar(64)[] not null default '{}',
      candidate_users bigint[] not null default '{}',
      execution_id varchar(200) not null default '',
      status varchar(16) not null,
      create_time timestamptz not null,
      claim_time timestamptz,
      end_time timestamptz,
      comment varchar(1000) not null default '',
      pass boolean
    );
    create index if not exists flow_task_todo on flow_task (tenant_id, assignee, create_time) where status = 'todo';
    create index if not exists flow_task_claim on flow_task using gin (candidate_groups) where status = 'claim';
    create index if not exists flow_task_done on flow_task (tenant_id, assignee, end_time desc) where status = 'done';
    create index if not exists flow_task_instance on flow_task (instance_id);
    create index if not exists flow_task_claim_user on flow_task using gin (candidate_users) where status = 'claim';

    create table if not exists flow_activity (
      id bigint primary key,
      tenant_id varchar(12) not null,
      instance_id bigint not null,
      activity_id varchar(160) not null,
      activity_name varchar(255) not null default '',
      activity_type varchar(64) not null,
      execution_id varchar(200) not null default '',
      task_id bigint,
      assignee bigint,
      start_time timestamptz not null,
      end_time timestamptz,
      comment varchar(1000) not null default ''
    );
    create index if not exists flow_activity_instance on flow_activity (instance_id, start_time, id);
  `,
};
