import { crudRepo, DEMO_TENANT, formatDateTime, orderNumber, SEED, type ServerContext, type Tx } from '../../../core/sdk/server';
import { ON_SALE, productEntity } from '../product/entity';
import { ORDER_PREFIX, orderEntity, type OrderItem } from './entity';
import { itemTotals, replaceItems } from './server-items';
import { ORDER_STATE, type OrderState, STOCK_TAKEN } from './states';

/**
 * Demo orders of both demo tenants over the last 30 days, on the products the product seed made (read
 * back from their table): every state, some made and paid today and yesterday so the home card shows a
 * day's business, 1 to 3 products an order, tracking numbers on what was shipped. Each move's time follows
 * the one before and none is later than the seed's moment. The stock and sales of the products move as
 * the paid orders took them. A seeded generator makes it the same on every first start.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const { pending, paid, shipped, completed, cancelled, refunded } = ORDER_STATE;

/** Days ago and the state each order reached, newest first. */
const PLAN: readonly [number, OrderState][] = [
  [0, pending], [0, pending], [0, paid], [0, paid], [0, paid], [0, cancelled],
  [1, paid], [1, shipped], [1, shipped], [1, cancelled], [1, pending],
  [2, shipped], [3, shipped], [3, refunded], [4, completed], [5, shipped], [6, completed],
  [8, completed], [9, cancelled], [11, completed], [12, refunded], [14, completed], [16, completed],
  [18, completed], [20, cancelled], [22, completed], [24, refunded], [26, completed], [28, completed], [29, completed],
];

const CARRIERS: readonly [string, string][] = [
  ['顺丰速运', 'SF'],
  ['中通快递', 'ZT'],
  ['圆通速递', 'YT'],
  ['京东物流', 'JD'],
  ['韵达快递', 'YD'],
];

interface Buyer {
  name: string;
  mobile: string;
  address: string;
}

interface TenantDemo {
  owner: string;
  seed: number;
  /** Orders of the plan this tenant has (the second tenant's shop is a little quieter). */
  count: number;
  buyers: readonly Buyer[];
  remarks: readonly string[];
}

const DEMO: Record<string, TenantDemo> = {
  '000000': {
    owner: SEED.adminUserId,
    seed: 20240611,
    count: PLAN.length,
    buyers: [
      { name: '陈晓明', mobile: '13816520101', address: '上海市浦东新区张江路 88 弄 6 号 1202 室' },
      { name: '林雨桐', mobile: '13916520102', address: '上海市徐汇区漕溪北路 331 号 15 楼' },
      { name: '王浩然', mobile: '15021520103', address: '上海市静安区南京西路 1266 号恒隆广场 2 座 36 楼' },
      { name: '赵思琪', mobile: '18621520104', address: '江苏省苏州市工业园区星湖街 328 号 5 栋' },
      { name: '周子轩', mobile: '13761520105', address: '浙江省杭州市西湖区文三路 478 号华星时代广场' },
      { name: '吴佳怡', mobile: '17717520106', address: '上海市闵行区虹桥镇吴中路 1050 号 9 号楼 801' },
      { name: '郑伟', mobile: '13671520107', address: '江苏省南京市鼓楼区中山北路 30 号' },
      { name: '孙悦', mobile: '18917520108', address: '上海市长宁区天山路 600 弄 3 号 502 室' },
    ],
    remarks: ['', '', '', '工作日白天送货', '', '请勿放发票，送礼用', '', '到了请先电话联系'],
  },
  [DEMO_TENANT.tenantId]: {
    owner: DEMO_TENANT.adminUserId,
    seed: 20240923,
    count: 27,
    buyers: [
      { name: '何静', mobile: '13588120201', address: '浙江省杭州市上城区望江东路 332 号 3 幢 1601' },
      { name: '高远', mobile: '13957120202', address: '浙江省杭州市滨江区江南大道 3850 号' },
      { name: '罗晨曦', mobile: '15158120203', address: '浙江省宁波市鄞州区天童南路 588 号' },
      { name: '梁一帆', mobile: '18667120204', address: '福建省福州市鼓楼区五四路 158 号环球广场 21 层' },
      { name: '宋雅琴', mobile: '13735120205', address: '广东省广州市天河区珠江新城华夏路 10 号' },
      { name: '唐明杰', mobile: '17706120206', address: '浙江省湖州市安吉县递铺街道天荒坪路 6 号' },
    ],
    remarks: ['', '', '新茶请尽快发出', '', '', '需要开具发票', ''],
  },
};

/** mulberry32: a small seeded generator, so the demo data is the same on every first start. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Product {
  id: string;
  name: string;
  price: number;
  cover: string;
  stock: number;
}

/** The times of an order that reached `state`, made at `made`: each move after the one before, none after `now`. */
function timesOf(state: OrderState, made: number, now: number, random: () => number): Record<string, string> {
  const age = now - made;
  const after = (from: number, usual: number, share: number) => from + Math.min(usual * (0.5 + random()), age * share);
  const at = (ms: number) => formatDateTime(new Date(ms));
  if (state === pending) return {};
  if (state === cancelled) return { cancelTime: at(after(made, 2 * HOUR, 0.5)) };
  const payTime = after(made, 20 * 60_000, 0.1);
  const times: Record<string, string> = { payTime: at(payTime) };
  if (state === paid) return times;
  // Refunded: half the refunds came after shipping.
  const shipsFirst = state !== refunded || random() < 0.5;
  const shipTime = shipsFirst ? after(payTime, 18 * HOUR, 0.3) : payTime;
  if (shipsFirst) times.shipTime = at(shipTime);
  if (state === completed) times.completeTime = at(after(shipTime, 3 * DAY, 0.4));
  if (state === refunded) times.refundTime = at(after(shipTime, DAY, 0.3));
  return times;
}

export async function seedOrders(tx: Tx, ctx: ServerContext): Promise<void> {
  const repo = crudRepo(orderEntity, ctx.ids);
  const now = ctx.now();
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  for (const [tenantId, demo] of Object.entries(DEMO)) {
    const products = (
      await tx.query<{ id: string; name: string; price: string | number; cover: string | null; stock: number | null }>(
        `select id::text as id, name, price, cover, stock from ${productEntity.table}
          where tenant_id = $1 and is_deleted = 0 and status = $2 order by sort, id`,
        [tenantId, ON_SALE],
      )
    ).map((p): Product => ({ id: p.id, name: p.name, price: Number(p.price), cover: p.cover ?? '', stock: p.stock ?? 0 }));
    if (products.length === 0) continue;
    const random = generator(demo.seed);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const actor = { tenantId, userId: demo.owner, deptIds: [] };
    const taken = new Map<string, number>();

    for (const [index, [daysAgo, state]] of PLAN.slice(0, demo.count).entries()) {
      // Today's orders between midnight and now; earlier ones in the day's business hours.
      const made = daysAgo === 0 ? today + random() * Math.max(now.getTime() - today - 60_000, 0) : today - daysAgo * DAY + 8 * HOUR + random() * 14 * HOUR;
      const takesStock = STOCK_TAKEN.includes(state);
      const lines: OrderItem[] = [];
      const wanted = 1 + Math.floor(random() * 3);
      for (let tries = 0; lines.length < wanted && tries < 10; tries++) {
        const product = pick(products);
        if (lines.some((l) => l.productId === product.id)) continue;
        const left = product.stock - (taken.get(product.id) ?? 0);
        const quantity = Math.min(1 + Math.floor(random() * 3), takesStock ? left : 3);
        if (quantity < 1) continue;
        if (takesStock) taken.set(product.id, (taken.get(product.id) ?? 0) + quantity);
        lines.push({ productId: product.id, productName: product.name, productCover: product.cover, price: product.price, quantity, amount: product.price * quantity });
      }
      if (lines.length === 0) continue;
      const totals = itemTotals(lines);
      // Free delivery from 99 yuan.
      const freight = totals.amount >= 9900 ? 0 : pick([800, 1000, 1200]);
      const buyer = demo.buyers[index % demo.buyers.length]!;
      const times = timesOf(state, made, now.getTime(), random);
      const [carrier, prefix] = pick(CARRIERS);
      const logistics: Record<string, string> = times.shipTime ? { logisticsCompany: carrier, logisticsNo: `${prefix}${String(Math.floor(random() * 1e12)).padStart(12, '0')}` } : {};
      const id = ctx.ids.next();
      await repo.insert(
        tx,
        actor,
        {
          // Numbered as when it was made.
          orderNo: orderNumber({ ids: ctx.ids, now: () => new Date(made) }, ORDER_PREFIX),
          buyerName: buyer.name,
          buyerMobile: buyer.mobile,
          address: buyer.address,
          amount: totals.amount,
          freight,
          payAmount: totals.amount + freight,
          itemCount: totals.pieces,
          status: state,
          remark: pick(demo.remarks) || null,
          ...logistics,
          ...times,
        },
        new Date(made),
        id,
      );
      await replaceItems(tx, ctx, tenantId, id, lines);
    }
    for (const [productId, quantity] of taken) {
      await tx.query(`update ${productEntity.table} set stock = stock - $3, sales = coalesce(sales, 0) + $3 where id = $1 and tenant_id = $2`, [productId, tenantId, quantity]);
    }
  }
}
