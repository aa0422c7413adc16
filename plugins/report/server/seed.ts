import { crudRepo, DEMO_TENANT, SEED, type ServerContext, type Tx } from '../../../core/sdk/server';
import type { ReportChart, ReportColumn, ReportParam } from '../declaration';
import { reportEntity } from '../entity';

/**
 * Three reports over the business data, for each demo tenant, each only where the tables it reads
 * exist (the mall, visit and certificate plugins may be switched off). The SQL names no tenant: row-level
 * security gives each tenant its own figures.
 */

interface DemoReport {
  name: string;
  category: string;
  description: string;
  tables: string[];
  sql: string;
  params: ReportParam[];
  columns: ReportColumn[];
  chart: ReportChart;
}

const REPORTS: readonly DemoReport[] = [
  {
    name: '商城每日销售',
    category: '商城',
    description: '每天支付的订单数与收款（已退款、已取消的不计），日期范围内没有订单的日子也列出。',
    tables: ['mall_order'],
    sql: `select d.day::date as day,
       count(o.id) as orders,
       coalesce(sum(o.pay_amount), 0) as takings
  from generate_series(:start::timestamp, :end::timestamp, interval '1 day') as d(day)
  left join mall_order o
    on o.pay_time >= d.day and o.pay_time < d.day + interval '1 day'
   and o.is_deleted = 0 and o.status in (1, 2, 3)
 group by d.day
 order by d.day`,
    params: [
      { name: 'start', label: { zh: '开始日期', en: 'From' }, type: 'date', required: true, default: 'today-29' },
      { name: 'end', label: { zh: '结束日期', en: 'To' }, type: 'date', required: true, default: 'today' },
    ],
    columns: [
      { name: 'day', label: { zh: '日期', en: 'Day' } },
      { name: 'orders', label: { zh: '订单数', en: 'Orders' } },
      { name: 'takings', label: { zh: '收款（元）', en: 'Takings (CNY)' }, money: true },
    ],
    chart: { type: 'line', x: 'day', y: ['takings'] },
  },
  {
    name: '名片访问排行',
    category: '名片',
    description: '最近若干天访问最多的十张员工名片：访问次数与访客人数。',
    tables: ['blade_visit', 'blade_staff'],
    sql: `select s.name as staff,
       count(v.id) as visits,
       count(distinct v.visitor_id) as visitors
  from blade_visit v
  join blade_staff s on s.id = v.staff_id and s.is_deleted = 0
 where v.visit_time >= current_date - :days::int
 group by s.id, s.name
 order by visits desc, s.name
 limit 10`,
    params: [{ name: 'days', label: { zh: '最近天数', en: 'Last days' }, type: 'int', required: true, default: '30' }],
    columns: [
      { name: 'staff', label: { zh: '员工', en: 'Staff' } },
      { name: 'visits', label: { zh: '访问次数', en: 'Visits' } },
      { name: 'visitors', label: { zh: '访客人数', en: 'Visitors' } },
    ],
    chart: { type: 'column', x: 'staff', y: ['visits', 'visitors'] },
  },
  {
    name: '证书订单状态分布',
    category: '证书',
    description: '证书订单按支付状态的数量与金额，可按证书类型筛选。',
    tables: ['xh_certificate_order'],
    sql: `with state(code, zh, en) as (
  values (0, '未支付', 'Not paid'), (1, '已支付', 'Paid'), (2, '已关闭', 'Closed'),
         (3, '退款中', 'Refunding'), (4, '已退款', 'Refunded'), (5, '退款失败', 'Refund failed')
)
select case when :language = 'en' then s.en else s.zh end as state,
       count(o.id) as orders,
       coalesce(sum(o.amount), 0) as amount
  from state s
  left join xh_certificate_order o
    on o.pay_state = s.code and o.is_deleted = 0
   and (:type is null or o.certificate_type::text = :type)
 group by s.code, s.zh, s.en
 order by s.code`,
    params: [{ name: 'type', label: { zh: '证书类型', en: 'Certificate type' }, type: 'dict', dict: 'certificate_type' }],
    columns: [
      { name: 'state', label: { zh: '支付状态', en: 'Payment' } },
      { name: 'orders', label: { zh: '订单数', en: 'Orders' } },
      { name: 'amount', label: { zh: '金额（元）', en: 'Amount (CNY)' }, money: true },
    ],
    chart: { type: 'pie', x: 'state', y: ['orders'] },
  },
];

export async function seedReports(tx: Tx, ctx: ServerContext): Promise<void> {
  const present = new Set(
    (await tx.query<{ name: string }>(`select table_name as name from information_schema.tables where table_schema = 'public'`)).map((r) => r.name),
  );
  const tenants = [
    { tenantId: '000000', userId: SEED.adminUserId },
    { tenantId: DEMO_TENANT.tenantId, userId: DEMO_TENANT.adminUserId },
  ];
  const repo = crudRepo(reportEntity, ctx.ids);
  for (const tenant of tenants) {
    if (!(await tx.one(`select 1 as found from blade_tenant where tenant_id = $1`, [tenant.tenantId]))) continue;
    for (const report of REPORTS) {
      if (!report.tables.every((t) => present.has(t))) continue;
      await repo.insert(
        tx,
        { tenantId: tenant.tenantId, userId: tenant.userId, deptIds: [] },
        {
          name: report.name,
          category: report.category,
          description: report.description,
          sql: report.sql,
          params: JSON.stringify(report.params),
          columns: JSON.stringify(report.columns),
          chart: JSON.stringify(report.chart),
          timeoutMs: 5000,
          status: 1,
        },
        ctx.now(),
      );
    }
  }
}
