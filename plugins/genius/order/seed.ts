import { crudRepo, DEMO_TENANT, formatDateTime, orderNumber, SEED, type ServerContext, type Tx } from '../../../core/sdk/server';
import { presentTenants } from '../demo-pictures';
import { geniusEntity } from '../profile/entity';
import { DEMO_GENIUSES } from '../profile/seed';
import { geniusOrderEntity, ORDER_STATE } from './entity';
import { ORDER_PREFIX } from './rules';

/**
 * The demo orders of each demo tenant: about twenty, in every state, some made today and yesterday so
 * the home card has figures, the rest over the past weeks. Times follow the way an order goes: paid
 * minutes after it was made, confirmed hours later, completed after the booked time. Each genius's order
 * count is then its paid orders, as the moves would have kept it.
 */

interface DemoOrder {
  /** Index of the genius in the tenant's demo geniuses. */
  genius: number;
  customer: string;
  mobile: string;
  service: string;
  status: number;
  /** Days before today it was made: 0 today, 1 yesterday. */
  day: number;
  /** When in that day (a share of it: today's stay before now). */
  at: number;
  /** Another amount than the genius's price (a discount), in fen. */
  amount?: number;
}

const S = ORDER_STATE;
/** States an order reaches only once paid. */
const PAID_ONCE: readonly number[] = [S.paid, S.confirmed, S.completed, S.refunded];

const DEMO_ORDERS: Record<string, DemoOrder[]> = {
  '000000': [
    { genius: 0, customer: '张伟', mobile: '13812345601', service: '餐饮品牌 VI 设计', status: S.pending, day: 0, at: 0.9 },
    { genius: 1, customer: '李娜', mobile: '13912345602', service: '20 款新品主图拍摄', status: S.paid, day: 0, at: 0.7 },
    { genius: 2, customer: '王强', mobile: '13712345603', service: '私域社群搭建咨询（半天）', status: S.paid, day: 0, at: 0.45 },
    { genius: 4, customer: '刘洋', mobile: '15012345604', service: '年度税务筹划', status: S.confirmed, day: 0, at: 0.2, amount: 120_000 },
    { genius: 7, customer: '陈静', mobile: '15112345605', service: '企业号短视频脚本 10 条', status: S.cancelled, day: 0, at: 0.6 },
    { genius: 3, customer: '杨帆', mobile: '18612345606', service: '股权协议审查', status: S.paid, day: 1, at: 0.4 },
    { genius: 5, customer: '黄磊', mobile: '18712345607', service: '小程序界面设计', status: S.confirmed, day: 1, at: 0.55 },
    { genius: 0, customer: '周杰', mobile: '18812345608', service: '包装设计（3 款）', status: S.pending, day: 1, at: 0.8 },
    { genius: 1, customer: '吴敏', mobile: '13612345609', service: '团队形象照拍摄', status: S.refunded, day: 1, at: 0.3 },
    { genius: 2, customer: '徐丽', mobile: '13512345610', service: '直播间转化诊断', status: S.completed, day: 6, at: 0.45 },
    { genius: 3, customer: '孙浩', mobile: '13412345611', service: '商标侵权咨询', status: S.completed, day: 9, at: 0.6 },
    { genius: 4, customer: '马超', mobile: '13312345612', service: '高新技术企业认定辅导', status: S.completed, day: 12, at: 0.4 },
    { genius: 6, customer: '朱琳', mobile: '13212345613', service: '婚礼全天跟拍', status: S.completed, day: 20, at: 0.5 },
    { genius: 5, customer: '胡明', mobile: '13112345614', service: '官网改版设计', status: S.refunded, day: 8, at: 0.65 },
    { genius: 7, customer: '郭婷', mobile: '13012345615', service: '新品发布直播策划', status: S.confirmed, day: 3, at: 0.5 },
    { genius: 0, customer: '林峰', mobile: '17712345616', service: '品牌升级方案', status: S.completed, day: 15, at: 0.35, amount: 180_000 },
    { genius: 2, customer: '何雪', mobile: '17612345617', service: '会员体系设计', status: S.cancelled, day: 4, at: 0.7 },
    { genius: 1, customer: '高远', mobile: '17312345618', service: '门店环境拍摄', status: S.paid, day: 2, at: 0.6 },
    { genius: 4, customer: '罗霞', mobile: '17812345619', service: '季度账务梳理', status: S.pending, day: 2, at: 0.35 },
    { genius: 3, customer: '梁辰', mobile: '19912345620', service: '劳动合同模板定制', status: S.completed, day: 25, at: 0.55 },
  ],
  [DEMO_TENANT.tenantId]: [
    { genius: 0, customer: '方知秋', mobile: '13822226601', service: '茶室空间设计', status: S.paid, day: 0, at: 0.8 },
    { genius: 1, customer: '白露', mobile: '13922226602', service: '明前新茶静物拍摄', status: S.pending, day: 0, at: 0.5 },
    { genius: 2, customer: '江晚', mobile: '13722226603', service: '新店开业营销方案', status: S.confirmed, day: 0, at: 0.3 },
    { genius: 4, customer: '叶舟', mobile: '15022226604', service: '涉农补贴申报', status: S.paid, day: 1, at: 0.6 },
    { genius: 5, customer: '秦川', mobile: '15122226605', service: '茶园春季航拍', status: S.completed, day: 7, at: 0.4 },
    { genius: 6, customer: '温言', mobile: '18622226606', service: '中秋礼盒设计', status: S.confirmed, day: 2, at: 0.5 },
    { genius: 3, customer: '柳如烟', mobile: '18722226607', service: '食品标签合规审查', status: S.completed, day: 10, at: 0.45 },
    { genius: 0, customer: '陶然', mobile: '18822226608', service: '茶器系列设计', status: S.refunded, day: 5, at: 0.55 },
    { genius: 1, customer: '谢安', mobile: '13622226609', service: '茶汤与器物拍摄', status: S.cancelled, day: 1, at: 0.35 },
    { genius: 2, customer: '姜雨', mobile: '13522226610', service: '社群运营陪跑（一个月）', status: S.completed, day: 18, at: 0.5, amount: 280_000 },
    { genius: 4, customer: '段云', mobile: '13422226611', service: '年度汇算清缴', status: S.completed, day: 14, at: 0.6 },
    { genius: 7, customer: '袁青', mobile: '13322226612', service: '直播间搭建', status: S.completed, day: 30, at: 0.4 },
    { genius: 6, customer: '宋词', mobile: '13222226613', service: '手绘插画包装', status: S.pending, day: 1, at: 0.75 },
    { genius: 5, customer: '邓林', mobile: '13122226614', service: '采茶纪录片', status: S.paid, day: 3, at: 0.45 },
    { genius: 3, customer: '曹雪', mobile: '13022226615', service: '商标注册咨询', status: S.refunded, day: 1, at: 0.5 },
    { genius: 0, customer: '贺兰', mobile: '17722226616', service: '茶馆软装方案', status: S.confirmed, day: 4, at: 0.6 },
    { genius: 2, customer: '欧阳晨', mobile: '17622226617', service: '品牌故事策划', status: S.cancelled, day: 9, at: 0.3 },
    { genius: 1, customer: '钟灵', mobile: '17322226618', service: '电商详情页拍摄', status: S.completed, day: 12, at: 0.55 },
    { genius: 4, customer: '莫言', mobile: '17822226619', service: '合作社账务托管', status: S.paid, day: 0, at: 0.15 },
  ],
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The moment an order was made: a share of its day (today's, a share of the time gone since midnight). */
function madeAt(now: Date, order: DemoOrder): Date {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() - order.day);
  const length = order.day === 0 ? now.getTime() - midnight.getTime() : new Date(now.getFullYear(), now.getMonth(), now.getDate() - order.day + 1).getTime() - midnight.getTime();
  // Whole seconds, as the audit columns keep them.
  return new Date(Math.floor((midnight.getTime() + length * order.at) / 1000) * 1000);
}

/** A day at a wall-clock hour, `days` from `from`'s day. */
const dayAt = (from: Date, days: number, hour: number, minute = 0) => new Date(from.getFullYear(), from.getMonth(), from.getDate() + days, hour, minute);

const earlier = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);

export async function seedGeniusOrders(tx: Tx, ctx: ServerContext): Promise<void> {
  const repo = crudRepo(geniusOrderEntity, ctx.ids);
  const now = ctx.now();
  for (const [tenantId, orders] of await presentTenants(tx, DEMO_ORDERS)) {
    const owner = tenantId === DEMO_TENANT.tenantId ? DEMO_TENANT.adminUserId : SEED.adminUserId;
    const actor = { tenantId, userId: owner, deptIds: [] };
    const geniuses = await tx.query<{ id: string; name: string; service_price: string | number }>(`select id::text as id, name, service_price from ${geniusEntity.table} where tenant_id = $1 and is_deleted = 0`, [tenantId]);
    const byName = new Map(geniuses.map((g) => [g.name, g]));
    for (const order of orders) {
      const genius = byName.get(DEMO_GENIUSES[tenantId]?.geniuses[order.genius]?.name ?? '');
      if (!genius) continue;
      const made = madeAt(now, order);
      const paid = PAID_ONCE.includes(order.status) ? earlier(new Date(made.getTime() + 8 * MINUTE), now) : undefined;
      const confirmed = paid && (order.status === S.confirmed || order.status === S.completed) ? earlier(new Date(paid.getTime() + 3 * HOUR), now) : undefined;
      // Work done is booked in the past; work to come, in the days ahead.
      const booked = order.status === S.completed ? dayAt(made, 3, 14) : order.status === S.cancelled || order.status === S.refunded ? dayAt(made, 4, 10) : dayAt(now, 2 + (order.day % 5), order.at < 0.5 ? 10 : 14, 30);
      const completed = order.status === S.completed ? new Date(booked.getTime() + 2 * HOUR) : undefined;
      const id = await repo.insert(
        tx,
        actor,
        {
          orderNo: orderNumber({ ids: ctx.ids, now: () => made }, ORDER_PREFIX),
          geniusId: genius.id,
          customerName: order.customer,
          customerMobile: order.mobile,
          service: order.service,
          bookedTime: formatDateTime(booked),
          amount: order.amount ?? Number(genius.service_price),
          status: order.status,
          payTime: paid ? formatDateTime(paid) : null,
          confirmTime: confirmed ? formatDateTime(confirmed) : null,
          completeTime: completed ? formatDateTime(completed) : null,
        },
        made,
      );
      // An order that ended early was last changed when it ended: half an hour after it was made, or a day after it was paid.
      const ended = order.status === S.cancelled ? new Date(made.getTime() + 30 * MINUTE) : order.status === S.refunded && paid ? new Date(paid.getTime() + 24 * HOUR) : undefined;
      if (ended) await tx.query(`update ${geniusOrderEntity.table} set update_time = $1 where id = $2`, [earlier(ended, now), id]);
    }
    await tx.query(
      `update ${geniusEntity.table} g set order_count = (
         select count(*) from ${geniusOrderEntity.table} o where o.tenant_id = g.tenant_id and o.genius_id = g.id and o.is_deleted = 0 and o.status = any($2::int[]))
        where g.tenant_id = $1`,
      [tenantId, [S.paid, S.confirmed, S.completed]],
    );
  }
}
