import { DEMO_TENANT, formatDateTime, orderNumber, SEED, type ServerContext, type Tx } from '../../../core/sdk/server';
import { certificateOrderEntity, ORDER_NO_PREFIX } from './entity';
import { idCheckCharacter } from './id-number';
import { PAY, type PayState, SHIP } from './states';

/**
 * The demo certificate orders: 24 per demo tenant, different people and prices in each, in every state a
 * back office meets: not paid (some just now), paid (some today and yesterday, for the home cards),
 * shipped, closed, refunded in whole and in part, a refund in progress, a refund that failed; some with a
 * certificate number. Times count back from the seed's moment. The payments' own records (the sandbox's
 * transactions and refunds) are seeded by the payment area after these, from these rows.
 */

const MINUTE = 60_000;
const DAY = 1440;

interface DemoOrder {
  name: string;
  type: 1 | 2 | 3 | 4;
  /** Minutes before the seed's moment the order was made. */
  ago: number;
  state: PayState;
  /** Fen refunded or being refunded (default: the whole amount for a refunded or refunding order; a failed one returned nothing). */
  refund?: number;
  /** Shipped with this carrier's code and tracking number. */
  ship?: [string, string];
  /** Its certificate has been given a number. */
  certified?: boolean;
  remark?: string;
}

interface TenantDemo {
  /** Index of the tenant among the demo tenants: its ID numbers, mobiles and transaction ids differ. */
  seq: number;
  owner: string;
  /** Fen, by certificate type. */
  prices: Record<1 | 2 | 3 | 4, number>;
  /** Where its applicants' ID numbers were issued. */
  regions: readonly string[];
  mobilePrefix: string;
  orders: readonly DemoOrder[];
}

const DEMO: Record<string, TenantDemo> = {
  '000000': {
    seq: 1,
    owner: SEED.adminUserId,
    prices: { 1: 38_000, 2: 19_900, 3: 9_900, 4: 58_000 },
    regions: ['310104', '310115', '310101', '320102', '330106', '310105'],
    mobilePrefix: '1391620',
    orders: [
      { name: '张伟', type: 1, ago: 25, state: PAY.unpaid },
      { name: '王芳', type: 2, ago: 48, state: PAY.paid },
      { name: '李娜', type: 4, ago: 110, state: PAY.paid, remark: '企业团体会员，发票随证书寄出' },
      { name: '刘洋', type: 1, ago: 160, state: PAY.unpaid },
      { name: '陈静', type: 3, ago: DAY + 60, state: PAY.paid, ship: ['SF', 'SF1403829475120'], certified: true },
      { name: '杨帆', type: 2, ago: DAY + 180, state: PAY.refunding, remark: '学员未参加结业考试，申请全额退款' },
      { name: '赵磊', type: 1, ago: DAY + 260, state: PAY.paid, certified: true },
      { name: '黄敏', type: 4, ago: DAY + 360, state: PAY.closed },
      { name: '周杰', type: 2, ago: 2 * DAY + 300, state: PAY.refunded },
      { name: '吴婷', type: 1, ago: 3 * DAY + 90, state: PAY.paid, ship: ['EMS', '1189063527401'], certified: true },
      { name: '徐鹏', type: 3, ago: 4 * DAY + 200, state: PAY.paid, refund: 4_900, remark: '证书加急费退回' },
      { name: '孙丽', type: 2, ago: 5 * DAY + 30, state: PAY.refunding, refund: 9_900 },
      { name: '马超', type: 4, ago: 6 * DAY + 400, state: PAY.paid, ship: ['JD', 'JDVA20394857261'], certified: true },
      { name: '朱琳', type: 1, ago: 7 * DAY + 120, state: PAY.refundFailed, remark: '原支付银行卡已注销，需联系学员' },
      { name: '胡斌', type: 2, ago: 8 * DAY + 500, state: PAY.closed },
      { name: '郭倩', type: 1, ago: 9 * DAY + 240, state: PAY.paid, ship: ['SF', 'SF1403829475244'], certified: true },
      { name: '何俊', type: 3, ago: 11 * DAY + 60, state: PAY.refunded },
      { name: '高雪', type: 4, ago: 12 * DAY + 330, state: PAY.paid, certified: true },
      { name: '林涛', type: 2, ago: 14 * DAY + 150, state: PAY.unpaid },
      { name: '罗颖', type: 1, ago: 16 * DAY + 420, state: PAY.paid, ship: ['ZTO', '75318460293745'], certified: true },
      { name: '梁宇', type: 2, ago: 19 * DAY + 80, state: PAY.refunded },
      { name: '宋佳', type: 3, ago: 22 * DAY + 270, state: PAY.closed },
      { name: '郑凯', type: 4, ago: 25 * DAY + 190, state: PAY.refunding, refund: 20_000 },
      { name: '谢敏', type: 1, ago: 28 * DAY + 360, state: PAY.paid, ship: ['YTO', 'YT6738201945563'], certified: true },
    ],
  },
  [DEMO_TENANT.tenantId]: {
    seq: 2,
    owner: DEMO_TENANT.adminUserId,
    prices: { 1: 26_800, 2: 15_800, 3: 8_800, 4: 69_900 },
    regions: ['440106', '440304', '440604', '441900', '440103'],
    mobilePrefix: '1866601',
    orders: [
      { name: '钱程', type: 2, ago: 15, state: PAY.unpaid },
      { name: '冯雨', type: 1, ago: 70, state: PAY.paid },
      { name: '韩梅', type: 2, ago: 130, state: PAY.unpaid },
      { name: '唐亮', type: 4, ago: DAY + 40, state: PAY.paid, certified: true },
      { name: '曹阳', type: 1, ago: DAY + 200, state: PAY.paid, ship: ['SF', 'SF1508834726190'], certified: true },
      { name: '许诺', type: 3, ago: DAY + 420, state: PAY.refunding, remark: '重复下单，退回一笔' },
      { name: '邓欢', type: 2, ago: 2 * DAY + 100, state: PAY.closed },
      { name: '萧然', type: 1, ago: 2 * DAY + 380, state: PAY.paid, refund: 6_800, remark: '优惠券补差价退回' },
      { name: '曾毅', type: 4, ago: 3 * DAY + 60, state: PAY.refunded },
      { name: '彭飞', type: 1, ago: 4 * DAY + 330, state: PAY.paid, ship: ['JTSD', 'JT0003982716455'], certified: true },
      { name: '蒋琪', type: 2, ago: 5 * DAY + 250, state: PAY.paid, certified: true },
      { name: '蔡文', type: 3, ago: 6 * DAY + 20, state: PAY.unpaid },
      { name: '贾宁', type: 1, ago: 7 * DAY + 470, state: PAY.refunding, refund: 10_000 },
      { name: '丁一', type: 4, ago: 9 * DAY + 140, state: PAY.paid, ship: ['EMS', '1189063598122'], certified: true },
      { name: '魏巍', type: 2, ago: 10 * DAY + 310, state: PAY.closed },
      { name: '薛晴', type: 1, ago: 12 * DAY + 90, state: PAY.refundFailed },
      { name: '叶子', type: 3, ago: 13 * DAY + 230, state: PAY.paid, ship: ['YD', '4312098765432'], certified: true },
      { name: '阎石', type: 2, ago: 15 * DAY + 400, state: PAY.refunded },
      { name: '余洁', type: 1, ago: 17 * DAY + 180, state: PAY.paid, certified: true },
      { name: '潘越', type: 4, ago: 20 * DAY + 50, state: PAY.closed },
      { name: '杜鹃', type: 2, ago: 22 * DAY + 290, state: PAY.paid, ship: ['STO', '773102948576612'], certified: true },
      { name: '戴安', type: 1, ago: 24 * DAY + 160, state: PAY.refunded, remark: '课程取消，全额退款' },
      { name: '夏天', type: 3, ago: 26 * DAY + 340, state: PAY.paid, refund: 3_800 },
      { name: '钟灵', type: 2, ago: 29 * DAY + 110, state: PAY.paid, ship: ['ZTO', '75318460399120'], certified: true },
    ],
  },
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A valid ID number: a region, a birth date between 1972 and 2003, a sequence, its check character. */
function demoIdNumber(demo: TenantDemo, i: number): string {
  const region = demo.regions[i % demo.regions.length]!;
  const birth = `${1972 + ((i * 7 + demo.seq * 3) % 32)}${pad(1 + ((i * 5) % 12), 2)}${pad(1 + ((i * 11 + demo.seq) % 28), 2)}`;
  const first17 = `${region}${birth}${pad((i * 37 + demo.seq * 101) % 1000, 3)}`;
  return first17 + idCheckCharacter(first17);
}

const yyyymmdd = (at: Date) => `${at.getFullYear()}${pad(at.getMonth() + 1, 2)}${pad(at.getDate(), 2)}`;

/** The certificate states of a demo order as the payment actions would have left them. */
function paymentColumns(demo: TenantDemo, order: DemoOrder, i: number, amount: number, madeAt: Date) {
  const paid = order.state !== PAY.unpaid && order.state !== PAY.closed;
  const payAt = new Date(madeAt.getTime() + (3 + (i % 9)) * MINUTE);
  // What came back or is coming back; a failed refund returned nothing (its record keeps what was asked).
  const refunded = paid && order.state !== PAY.refundFailed && (order.refund !== undefined || order.state !== PAY.paid) ? (order.refund ?? amount) : 0;
  const refundAsked = refunded > 0 || order.state === PAY.refundFailed;
  return {
    refund_asked: refundAsked,
    pay_time: paid ? formatDateTime(payAt) : null,
    transaction_id: paid ? `42000${demo.seq}${pad(i, 4)}${yyyymmdd(payAt)}${pad((i * 7919 + demo.seq * 104_729) % 10_000_000_000, 10)}` : null,
    refund_amount: refunded,
    ship_state: order.ship ? SHIP.shipped : SHIP.notShipped,
    logistics_company: order.ship?.[0] ?? null,
    logistics_no: order.ship?.[1] ?? null,
    certificate_no: order.certified ? `CERT-${payAt.getFullYear()}-${pad(demo.seq * 100_000 + 300 + i, 6)}` : null,
  };
}

export async function seedCertificateOrders(tx: Tx, ctx: ServerContext): Promise<void> {
  const now = ctx.now();
  for (const [tenantId, demo] of Object.entries(DEMO)) {
    if (!(await tx.one(`select 1 as found from blade_tenant where tenant_id = $1`, [tenantId]))) continue;
    for (const [i, order] of demo.orders.entries()) {
      const madeAt = new Date(Math.floor((now.getTime() - order.ago * MINUTE) / 1000) * 1000);
      const amount = demo.prices[order.type];
      const orderNo = orderNumber({ ids: ctx.ids, now: () => madeAt }, ORDER_NO_PREFIX);
      const { refund_asked, ...pay } = paymentColumns(demo, order, i, amount, madeAt);
      const row: Record<string, unknown> = {
        id: ctx.ids.next(),
        tenant_id: tenantId,
        order_no: orderNo,
        name: order.name,
        id_number: demoIdNumber(demo, i),
        mobile: `${demo.mobilePrefix}${pad((i * 379 + 1000 * demo.seq) % 10_000, 4)}`,
        certificate_type: order.type,
        amount,
        pay_state: order.state,
        refund_no: refund_asked ? `RF${orderNo.slice(ORDER_NO_PREFIX.length)}` : null,
        ...pay,
        remark: order.remark ?? null,
        create_user: demo.owner,
        create_time: madeAt,
        update_user: demo.owner,
        update_time: pay.pay_time ? new Date(Math.min(now.getTime(), madeAt.getTime() + 30 * MINUTE)) : madeAt,
        status: 1,
        is_deleted: 0,
      };
      const columns = Object.keys(row);
      await tx.query(`insert into ${certificateOrderEntity.table} (${columns.join(', ')}) values (${columns.map((_, n) => `$${n + 1}`).join(', ')})`, Object.values(row));
    }
  }
}
