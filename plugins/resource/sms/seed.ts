import { crudRepo, DEMO_TENANT, formatDateTime, SEED, type ServerContext, type Tx } from '../../../core/sdk/server';
import { DISABLED, ENABLED } from '../enabling/enabled';
import { ALIYUN, DEFAULT_REGION, DELIVERED, FAILED, SANDBOX, smsEntity } from './entity';
import { SECRET_PURPOSE } from './send';
import { renderTemplate } from './template';

/** One demo tenant's configurations and the messages it sent lately. */
interface DemoTenant {
  tenantId: string;
  adminUserId: string;
  signName: string;
  sandbox: { code: string; template: string; params: (i: number) => Record<string, string> };
  aliyun: { code: string; templateId: string; template: string };
  /** Messages over the last days, and the numbers they went to. */
  messages: number;
  phonePrefix: string;
}

const DEMO_TENANTS: readonly DemoTenant[] = [
  {
    tenantId: '000000',
    adminUserId: SEED.adminUserId,
    signName: '布雷德科技',
    sandbox: { code: 'verify-code', template: '【布雷德科技】您的验证码为${code}，5分钟内有效。', params: (i) => ({ code: String(100000 + ((i * 7919) % 900000)).slice(0, 6) }) },
    aliyun: { code: 'aliyun-verify', templateId: 'SMS_271525576', template: '您的验证码为${code}，5分钟内有效。' },
    messages: 36,
    phonePrefix: '1380013',
  },
  {
    tenantId: DEMO_TENANT.tenantId,
    adminUserId: DEMO_TENANT.adminUserId,
    signName: '演示商城',
    sandbox: {
      code: 'order-shipped',
      template: '【演示商城】${name}您好，您的订单${order}已发货，请注意查收。',
      params: (i) => ({ name: ['张先生', '李女士', '王先生', '赵女士'][i % 4], order: `SO${String(20260000 + i * 37)}` }),
    },
    aliyun: { code: 'aliyun-notice', templateId: 'SMS_464010273', template: '${name}您好，您的订单${order}已发货，请注意查收。' },
    messages: 24,
    phonePrefix: '1391234',
  },
];

const HOUR = 3_600_000;

/**
 * Per demo tenant: its sandbox configuration enabled, an Aliyun one disabled (credentials of no real
 * account, sealed as any would be), and a few dozen messages of the last days, a few of them failed.
 */
export async function seedSms(tx: Tx, ctx: ServerContext): Promise<void> {
  const configs = crudRepo(smsEntity, ctx.ids);
  const now = ctx.now();
  for (const demo of DEMO_TENANTS) {
    if (!(await tx.one(`select 1 as found from blade_tenant where tenant_id = $1`, [demo.tenantId]))) continue;
    const actor = { tenantId: demo.tenantId, userId: demo.adminUserId, deptIds: [] };
    const sandboxId = await configs.insert(
      tx,
      actor,
      { category: SANDBOX, smsCode: demo.sandbox.code, templateContent: demo.sandbox.template, signName: demo.signName, regionId: '', remark: '沙箱：不实际发送，短信记录中可查看', status: ENABLED },
      now,
    );
    const aliyunId = await configs.insert(
      tx,
      actor,
      {
        category: ALIYUN,
        smsCode: demo.aliyun.code,
        templateId: demo.aliyun.templateId,
        templateContent: demo.aliyun.template,
        signName: demo.signName,
        accessKey: `LTAI5tDemo${demo.tenantId}Key`,
        secretKey: ctx.secrets.seal(SECRET_PURPOSE, `demo-secret-${demo.tenantId}`),
        regionId: DEFAULT_REGION,
        remark: '示例配置：填写真实的 accessKey / secretKey 后启用',
        status: DISABLED,
      },
      now,
    );
    // Every eleventh one a test of the Aliyun configuration, refused for its demo key as Aliyun would.
    const rows = Array.from({ length: demo.messages }, (_, i) => {
      const params = demo.sandbox.params(i);
      const aliyun = i % 11 === 5;
      return {
        id: ctx.ids.next(),
        at: formatDateTime(new Date(now.getTime() - (i * 5 + (i % 3)) * HOUR - (i % 7) * 60_000)),
        phone: `${demo.phonePrefix}${String(1000 + ((i * 37) % 9000)).padStart(4, '0')}`,
        content: renderTemplate(aliyun ? demo.aliyun.template : demo.sandbox.template, params),
        category: aliyun ? ALIYUN : SANDBOX,
        smsId: aliyun ? aliyunId : sandboxId,
        smsCode: aliyun ? demo.aliyun.code : demo.sandbox.code,
        templateId: aliyun ? demo.aliyun.templateId : '',
        params: JSON.stringify(params),
        state: aliyun ? FAILED : DELIVERED,
        bizId: aliyun ? '' : `SANDBOX-${demo.tenantId}-${i}`,
        code: aliyun ? 'InvalidAccessKeyId.NotFound' : 'OK',
        message: aliyun ? 'accessKey 不存在' : '沙箱已记录，未实际发送',
      };
    });
    const column = <T>(pick: (row: (typeof rows)[number]) => T) => rows.map(pick);
    await tx.query(
      `insert into blade_sms_record (id, tenant_id, send_time, phone, content, category, state, sms_id, sms_code, template_id, params, biz_id, provider_code, provider_message, request_id, sender_name, sender_id)
       select id, $1, at, phone, content, category, state, sms_id, sms_code, template_id, params, biz_id, code, message, '', 'admin', $2
         from unnest($3::bigint[], $4::timestamp[], $5::text[], $6::text[], $7::int[], $8::int[], $9::bigint[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[])
              as t(id, at, phone, content, category, state, sms_id, sms_code, template_id, params, biz_id, code, message)`,
      [
        demo.tenantId,
        demo.adminUserId,
        column((r) => r.id),
        column((r) => r.at),
        column((r) => r.phone),
        column((r) => r.content),
        column((r) => r.category),
        column((r) => r.state),
        column((r) => r.smsId),
        column((r) => r.smsCode),
        column((r) => r.templateId),
        column((r) => r.params),
        column((r) => r.bizId),
        column((r) => r.code),
        column((r) => r.message),
      ],
    );
  }
}
