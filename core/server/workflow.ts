import type { AuthUser } from './auth/user';
import type { ServerContext } from './context';
import type { Tx } from './db/types';

/**
 * The workflow engine as other plugins use it: a plugin with a business form (a leave request) deploys
 * its process, starts an instance for a row of its own and reads where the instance stands, without
 * reading the workflow plugin's tables. Every call runs in the caller's transaction, so a business row
 * and the instance it started are written together or not at all.
 */

/** A process definition deployed for one tenant (`Leave:3:1234…`: key, version, deployment). */
export interface DeployedDefinition {
  id: string;
  tenantId: string;
  key: string;
  name: string;
  version: number;
  category: string;
  /** Each tenant's deployment is its own (as Flowable makes one per tenant): deleting one leaves the others. */
  deploymentId: string;
}

export interface WorkflowDeployInput {
  /** BPMN 2.0 XML with one executable process. Refused (a bizError) when the engine cannot run it. */
  xml: string;
  /** The flow dictionary's category (`flow_1`). */
  category: string;
  tenantIds: readonly string[];
  /** The deployment's name; the process's name when absent. */
  name?: string;
}

export interface WorkflowStartInput {
  processDefinitionId: string;
  /** `<business table>:<row id>`, e.g. `blade_process_leave:1234`. */
  businessKey: string;
  /** The instance's variables (`taskUser`, `days`…); `createUser` is added from the starter. */
  variables: Readonly<Record<string, string | number | boolean>>;
}

/** Where an instance stands, as a business detail shows it. */
export interface WorkflowInstanceSummary {
  processInstanceId: string;
  processDefinitionId: string;
  processDefinitionName: string;
  businessKey: string;
  /** The starter's user id and display name. */
  startUserId: string;
  startUserName: string;
  startTime: string;
  endTime: string;
  /** `finished` or `unfinished`, as BladeX says it. */
  processIsFinished: 'finished' | 'unfinished';
  /** The open tasks' names, in order (empty once finished). */
  currentTaskNames: string[];
}

/** A task waiting in an instance. */
export interface WorkflowTask {
  taskId: string;
  taskName: string;
  /** The activity's id in the BPMN (`approve`). */
  taskDefinitionKey: string;
  /** The assigned user's id, or '' while it waits to be claimed by a candidate. */
  assignee: string;
  /** Role aliases whose members may claim it. */
  candidateGroups: string[];
  createTime: string;
}

export interface WorkflowCompleteInput {
  taskId: string;
  /** Approve (BladeX's `pass`: the flag `ok`, or the comment 同意) or reject. */
  pass: boolean;
  comment: string;
  variables?: Readonly<Record<string, string | number | boolean>>;
}

export interface WorkflowService {
  /**
   * Deploys a new version of the XML's process for each tenant, each in a deployment of its own, in the
   * caller's transaction (a system one when it names other tenants than the caller's).
   */
  deploy(ctx: ServerContext, tx: Tx, input: WorkflowDeployInput): Promise<{ definitions: DeployedDefinition[] }>;
  /** The latest active definition of a process key in a tenant (a form opened by key), if any. */
  latest(ctx: ServerContext, tx: Tx, tenantId: string, key: string): Promise<DeployedDefinition | undefined>;
  /**
   * Starts an instance for `user` in the user's tenant and runs it to its first waits. Refused (a
   * bizError in the caller's language) for an unknown, another tenant's or a suspended definition.
   */
  start(ctx: ServerContext, tx: Tx, user: AuthUser, input: WorkflowStartInput): Promise<{ processInstanceId: string }>;
  /** An instance of the tenant, or undefined. */
  instance(ctx: ServerContext, tx: Tx, tenantId: string, processInstanceId: string): Promise<WorkflowInstanceSummary | undefined>;
  /** The instance's waiting tasks (none once it ended), oldest first. */
  openTasks(ctx: ServerContext, tx: Tx, tenantId: string, processInstanceId: string): Promise<WorkflowTask[]>;
  /**
   * `user` claims a task waiting for a candidate of their roles. Atomic: of two claims at once one
   * succeeds, the other is refused (a bizError in the caller's language).
   */
  claim(ctx: ServerContext, tx: Tx, user: AuthUser, taskId: string): Promise<void>;
  /**
   * `user` completes a task assigned to them and the instance runs on to its next waits. Atomic: the
   * task and its instance are locked, so completing the same task twice at once succeeds once, and two
   * servers on one database never run the same step twice.
   */
  complete(ctx: ServerContext, tx: Tx, user: AuthUser, input: WorkflowCompleteInput): Promise<void>;
  /**
   * Whether `user` takes or took part in an instance of their tenant: its starter, the assignee of one of
   * its tasks (done or waiting), or a candidate of a task waiting to be claimed. A business detail shows
   * its row to them.
   */
  participates(ctx: ServerContext, tx: Tx, user: AuthUser, processInstanceId: string): Promise<boolean>;
}
