import { readFileSync } from 'node:fs';
import {
  ADMIN_TENANT,
  ADMINISTRATOR_ROLE,
  commaList,
  DEMO_TENANT,
  formatDateTime,
  hashPassword,
  insertRole,
  insertUser,
  md5,
  SEED,
  type AuthUser,
  type ServerContext,
  type Tx,
  type WorkflowService,
} from '../../core/sdk/server';
import { LEAVE_CATEGORY, LEAVE_PROCESS_KEY } from './entity';
import { startLeave } from './start-leave';

/** The shipped leave process (drawn: it carries its diagram). */
export const leaveProcessXml = (): string => readFileSync(new URL('./process/leave.bpmn20.xml', import.meta.url), 'utf8');

/** The role whose members approve leaves longer than three days (the process's candidate group). */
export const HR_ROLE = 'hr';

/** A seeded user as the engine sees a signed-in one: their tenant, account and role aliases. */
async function actor(tx: Tx, tenantId: string, userId: string): Promise<AuthUser> {
  const user = await tx.one<{ account: string; name: string; role_id: string; dept_id: string }>(
    'select account, name, role_id, dept_id from blade_user where id = $1 and tenant_id = $2',
    [userId, tenantId],
  );
  if (!user) throw new Error(`Leave demo: user ${userId} of tenant ${tenantId} is missing.`);
  const roleIds = commaList(user.role_id);
  const roles = await tx.query<{ role_alias: string }>('select role_alias from blade_role where tenant_id = $1 and id = any($2::bigint[]) order by sort', [tenantId, roleIds]);
  const aliases = roles.map((r) => r.role_alias);
  return {
    tenantId,
    userId,
    oauthId: '',
    account: user.account,
    userName: user.name,
    nickName: user.name,
    roleIds,
    roles: aliases,
    deptIds: commaList(user.dept_id),
    postIds: [],
    clientId: 'saber',
    sessionId: '',
    isGuest: false,
    isAdministrator: tenantId === ADMIN_TENANT && aliases.includes(ADMINISTRATOR_ROLE),
  };
}

/** The `hr` role and its user hr/hr, who is also an ordinary user (their work lists come with that role). */
/** The tenant's `hr` role: the one it has (a database from before this plugin may), or a new one. */
async function hrRole(tx: Tx, ctx: ServerContext, tenantId: string): Promise<string> {
  const found = await tx.one<{ id: string }>(`select id::text as id from blade_role where tenant_id = $1 and role_alias = $2 and is_deleted = 0 order by id limit 1`, [tenantId, HR_ROLE]);
  return found?.id ?? insertRole(tx, ctx.ids, { tenantId, name: '人事', alias: HR_ROLE, sort: 3 });
}

async function addHr(tx: Tx, ctx: ServerContext, tenantId: string, realName: string, deptId: string): Promise<string> {
  const roleId = await hrRole(tx, ctx, tenantId);
  const userRole = await tx.one<{ id: string }>(`select id::text as id from blade_role where tenant_id = $1 and role_alias = 'user' and is_deleted = 0 order by id limit 1`, [tenantId]);
  return insertUser(tx, ctx.ids, {
    tenantId,
    account: 'hr',
    passwordHash: await hashPassword(md5('hr')),
    name: realName,
    realName,
    email: `hr@${tenantId === ADMIN_TENANT ? '' : 'demo.'}bladex.vip`,
    phone: tenantId === ADMIN_TENANT ? '13700000001' : '13600000002',
    roleIds: [roleId, ...(userRole ? [userRole.id] : [])],
    deptIds: [deptId],
  });
}

/** A wall-clock time `days` from now at `hour`:00. */
function dayAt(now: Date, days: number, hour: number): string {
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, hour, 0, 0);
  return formatDateTime(date);
}

interface DemoLeave {
  applicant: string;
  approver: string;
  /** Starts this many days from now, at 09:00, lasting `days` days. */
  from: number;
  days: number;
  reason: string;
  /** What happens after the start: the approver's decision, then hr's (claimed by `hrUser`). */
  approverSays?: { pass: boolean; comment: string };
  hrSays?: { pass: boolean; comment: string };
}

async function playLeave(tx: Tx, ctx: ServerContext, workflow: WorkflowService, tenantId: string, definitionId: string, hrUser: string, leave: DemoLeave): Promise<void> {
  const applicant = await actor(tx, tenantId, leave.applicant);
  const start = dayAt(ctx.now(), leave.from, 9);
  const end = dayAt(ctx.now(), leave.from + leave.days, 9);
  const id = await startLeave(ctx, tx, applicant, { processDefinitionId: definitionId, taskUser: leave.approver, startTime: start, endTime: end, reason: leave.reason });
  const instanceId = (await tx.one<{ process_instance_id: string }>('select process_instance_id from blade_process_leave where id = $1', [id]))!.process_instance_id;
  const decide = async (userId: string, says: { pass: boolean; comment: string }, claim: boolean) => {
    const user = await actor(tx, tenantId, userId);
    const [task] = await workflow.openTasks(ctx, tx, tenantId, instanceId);
    if (!task) throw new Error(`Leave demo: instance ${instanceId} has no waiting task.`);
    if (claim) await workflow.claim(ctx, tx, user, task.taskId);
    await workflow.complete(ctx, tx, user, { taskId: task.taskId, pass: says.pass, comment: says.comment });
  };
  if (leave.approverSays) await decide(leave.approver, leave.approverSays, false);
  if (leave.hrSays) await decide(hrUser, leave.hrSays, true);
}

/**
 * The leave's demo, in both demo tenants with different people and requests: the process deployed, the
 * `hr` role and user, and four leaves in every state: waiting for the approver, approved and waiting for
 * hr to claim, through hr to the end, and rejected (with the approver's or hr's words).
 */
export async function seedLeave(tx: Tx, ctx: ServerContext): Promise<void> {
  const workflow = ctx.extensions.workflow;
  if (!workflow) return;
  const tenants: { tenantId: string; deptId: string; hrName: string }[] = [{ tenantId: ADMIN_TENANT, deptId: SEED.deptId, hrName: '人事专员' }];
  if (await tx.one('select 1 as found from blade_tenant where tenant_id = $1 and is_deleted = 0', [DEMO_TENANT.tenantId])) {
    tenants.push({ tenantId: DEMO_TENANT.tenantId, deptId: DEMO_TENANT.deptId, hrName: '人事主管' });
  }
  // One deployment per tenant, as each tenant's administrator would make it: its versions are its own.
  const definitions = [];
  for (const t of tenants) {
    const deployed = await workflow.deploy(ctx, tx, { xml: leaveProcessXml(), category: LEAVE_CATEGORY, tenantIds: [t.tenantId], name: '请假流程' });
    definitions.push(...deployed.definitions);
  }
  // The demo people and requests only where the demo's people are as the kernel seeded them: a database
  // from before this plugin whose tenant already has an `hr` account, or lost a demo user, keeps its
  // people as they are and gets the process and the role alone.
  const hrUsers = new Map<string, string>();
  for (const t of tenants) {
    const accountTaken = await tx.one(`select 1 as found from blade_user where tenant_id = $1 and account = 'hr' and is_deleted = 0`, [t.tenantId]);
    const people = t.tenantId === ADMIN_TENANT ? [SEED.demoUserId, SEED.adminUserId] : [DEMO_TENANT.adminUserId];
    const present = await tx.one<{ n: number }>(`select count(*)::int as n from blade_user where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0`, [t.tenantId, people]);
    if (accountTaken || present?.n !== people.length) {
      await hrRole(tx, ctx, t.tenantId);
      continue;
    }
    hrUsers.set(t.tenantId, await addHr(tx, ctx, t.tenantId, t.hrName, t.deptId));
  }

  const plays: Record<string, (hr: string) => DemoLeave[]> = {
    [ADMIN_TENANT]: () => {
      const [applicant, approver] = [SEED.demoUserId, SEED.adminUserId];
      return [
        { applicant, approver, from: 3, days: 2, reason: '家中老人住院，需陪护两天。' },
        { applicant, approver, from: 10, days: 5, reason: '回老家参加妹妹的婚礼。', approverSays: { pass: true, comment: '同意，请安排好工作交接。' } },
        {
          applicant,
          approver,
          from: -20,
          days: 4,
          reason: '年假，外出旅行。',
          approverSays: { pass: true, comment: '同意' },
          hrSays: { pass: true, comment: '年假余额充足，同意。' },
        },
        { applicant, approver, from: 1, days: 1, reason: '处理个人事务。', approverSays: { pass: false, comment: '本周项目上线，请改期。' } },
      ];
    },
    [DEMO_TENANT.tenantId]: (hr) => {
      const admin = DEMO_TENANT.adminUserId;
      return [
        { applicant: hr, approver: admin, from: 2, days: 3, reason: '参加职业资格考试及复习。' },
        { applicant: admin, approver: hr, from: 14, days: 6, reason: '陪家人出国探亲。', approverSays: { pass: true, comment: '同意' } },
        { applicant: hr, approver: admin, from: -9, days: 2, reason: '搬家。', approverSays: { pass: true, comment: '同意，搬家顺利。' } },
        {
          applicant: admin,
          approver: hr,
          from: 5,
          days: 7,
          reason: '休假调整。',
          approverSays: { pass: true, comment: '同意' },
          hrSays: { pass: false, comment: '年底人手紧张，请缩短假期后再申请。' },
        },
      ];
    },
  };
  for (const t of tenants) {
    const definition = definitions.find((d) => d.tenantId === t.tenantId && d.key === LEAVE_PROCESS_KEY);
    if (!definition) throw new Error(`Leave demo: the process was not deployed for tenant ${t.tenantId}.`);
    const hr = hrUsers.get(t.tenantId);
    if (!hr) continue;
    for (const leave of plays[t.tenantId]!(hr)) await playLeave(tx, ctx, workflow, t.tenantId, definition.id, hr, leave);
  }
}
