import { readFileSync } from 'node:fs';
import { crudRepo, DEMO_TENANT, SEED, type ServerContext, sniffImage, storeFile, type Tx } from '../../../core/sdk/server';
import { OFF_SALE, ON_SALE, productEntity } from './entity';

/**
 * The demo products: a shop of its own in each demo tenant (the technology company's gadgets and gifts in
 * 000000, the furniture maker's and the tea grower's goods in 100001), priced from 19.90 to 2,999.00 yuan,
 * one sold out and one off sale in each. Their pictures are the images shipped in `../demo`, stored like
 * uploads. The orders area seeds its orders after these, reading them from the table, and raises their
 * sales for the orders it pays.
 */

interface DemoProduct {
  name: string;
  category: number;
  /** Fen. */
  price: number;
  originalPrice?: number;
  stock: number;
  unit: string;
  status?: number;
  picture: number;
  description: string;
}

const describe = (intro: string, points: string[]) => `<p>${intro}</p><ul>${points.map((p) => `<li>${p}</li>`).join('')}</ul>`;

const DEMO: Record<string, { owner: string; products: DemoProduct[] }> = {
  '000000': {
    owner: SEED.adminUserId,
    products: [
      { name: '布雷德 无线降噪耳机 Pro', category: 1, price: 59_900, originalPrice: 79_900, stock: 120, unit: '副', picture: 1, description: describe('主动降噪，通勤与会议都安静。', ['40 dB 深度降噪', '单次续航 8 小时，配合充电盒 32 小时', '双设备同时连接']) },
      { name: '智能运动手表 S2', category: 1, price: 299_900, originalPrice: 329_900, stock: 45, unit: '块', picture: 2, description: describe('钛合金表壳，蓝宝石镜面，一块表管好运动与日程。', ['100 余种运动模式', '心率、血氧全天监测', '14 天长续航']) },
      { name: '便携蓝牙音箱', category: 1, price: 29_900, stock: 0, unit: '台', picture: 3, description: describe('小身材大声场，户外露营的好伙伴。', ['IPX7 防水', '两台可组立体声', '12 小时续航']) },
      { name: '定制陶瓷马克杯', category: 2, price: 4_900, originalPrice: 6_900, stock: 300, unit: '个', picture: 4, description: describe('釉下彩工艺，印上企业标识，送客户送员工都合适。', ['容量 350 ml', '可微波、可洗碗机', '起订量 20 个']) },
      { name: 'LED 护眼台灯', category: 2, price: 19_900, originalPrice: 25_900, stock: 80, unit: '台', picture: 5, description: describe('无频闪全光谱光源，长时间阅读不累眼。', ['四档色温', '触控无级调光', '可折叠灯臂']) },
      { name: '记忆棉午休抱枕', category: 2, price: 7_900, stock: 60, unit: '个', picture: 6, description: describe('慢回弹记忆棉，午休趴睡不压手。', ['可拆洗外套', '透气冰丝面料']) },
      { name: '商务茶礼盒', category: 3, price: 29_800, originalPrice: 36_800, stock: 40, unit: '盒', status: OFF_SALE, picture: 7, description: describe('节日季限定，现已下架，春节前补货。', ['龙井、红茶、白茶三味', '含手提礼袋']) },
      { name: '精品挂耳咖啡', category: 3, price: 6_800, originalPrice: 7_900, stock: 260, unit: '盒', picture: 8, description: describe('云南保山小粒咖啡，中度烘焙，办公室一冲即饮。', ['每盒 10 片', '每片 10 g']) },
      { name: '百花蜂蜜', category: 3, price: 1_990, originalPrice: 2_990, stock: 500, unit: '瓶', picture: 9, description: describe('秦岭山区的百花蜜，自然成熟，不添加。', ['净含量 250 g', '玻璃瓶装']) },
      { name: '纯棉文化衫', category: 4, price: 9_900, originalPrice: 12_900, stock: 150, unit: '件', picture: 10, description: describe('精梳棉，不起球不变形，可印团队标识。', ['S 至 3XL 五个尺码', '四色可选']) },
      { name: '帆布托特包', category: 4, price: 5_900, stock: 90, unit: '个', picture: 11, description: describe('12 安厚帆布，装得下 14 寸笔记本。', ['内置拉链小袋', '肩带加固车线']) },
      { name: '布雷德 笔记本礼盒', category: 5, price: 8_800, stock: 200, unit: '套', picture: 12, description: describe('A5 笔记本与金属签字笔，一份体面的伴手礼。', ['100 g 道林纸，160 页', '烫金封面可定制']) },
    ],
  },
  [DEMO_TENANT.tenantId]: {
    owner: DEMO_TENANT.adminUserId,
    products: [
      { name: '黑胡桃木台灯', category: 2, price: 89_900, originalPrice: 109_900, stock: 35, unit: '台', picture: 5, description: describe('北美黑胡桃整木车制，暖光温润，越用越有光泽。', ['榫卯结构灯臂', '三档暖光', '十年质保']) },
      { name: '亚麻靠枕', category: 2, price: 12_900, originalPrice: 16_900, stock: 120, unit: '个', picture: 6, description: describe('水洗亚麻面料，柔软亲肤，沙发与床头都相宜。', ['45 × 45 cm', '羽绒棉填充', '隐形拉链可拆洗']) },
      { name: '手作粗陶茶杯', category: 2, price: 6_800, stock: 200, unit: '只', picture: 4, description: describe('景德镇手工拉坯，柴窑烧制，每一只都不一样。', ['容量 150 ml', '釉色随窑变']) },
      { name: '明前龙井礼盒 250g', category: 3, price: 168_000, originalPrice: 198_000, stock: 25, unit: '盒', picture: 7, description: describe('西湖核心产区明前头采，手工炒制。', ['一芽一叶', '锡罐密封', '附品鉴手册']) },
      { name: '桂花蜂蜜', category: 3, price: 3_900, stock: 0, unit: '瓶', picture: 9, description: describe('金秋桂花季限量采收，今年已售罄。', ['净含量 500 g', '结晶属正常现象']) },
      { name: '雨前龙井 100g', category: 3, price: 12_800, stock: 150, unit: '袋', picture: 8, description: describe('口粮好茶，鲜爽耐泡，日常自饮之选。', ['铝箔袋装', '冷藏保存更佳']) },
      { name: '棉麻收纳袋', category: 2, price: 4_900, stock: 300, unit: '个', picture: 11, description: describe('厚实棉麻，衣物、玩具、杂物都能收。', ['大中小三个尺寸', '可折叠']) },
      { name: '茶园手绘笔记本', category: 5, price: 3_900, originalPrice: 4_900, stock: 100, unit: '本', picture: 12, description: describe('青禾茶园四季插画封面，内页为空白道林纸。', ['A6 口袋尺寸', '裸脊锁线，可 180° 平摊']) },
      { name: '亚麻居家服', category: 4, price: 25_900, originalPrice: 32_900, stock: 60, unit: '套', picture: 10, description: describe('宽松版型，透气吸汗，在家也要舒服体面。', ['长袖上衣与长裤', '米白、燕麦两色']) },
      { name: '木质蓝牙音箱', category: 1, price: 39_900, stock: 48, unit: '台', status: OFF_SALE, picture: 3, description: describe('胡桃木箱体的复古音箱，新款上市前暂停销售。', ['蓝牙 5.3', '低音单元 3 英寸']) },
    ],
  },
};

/** The demo products' names by tenant, in their order (the orders area's seed and the tests name them). */
export const DEMO_PRODUCT_NAMES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(Object.entries(DEMO).map(([tenantId, demo]) => [tenantId, demo.products.map((p) => p.name)]));

/** A picture shipped with the plugin, stored for the tenant as an upload would be: its link. */
async function storeDemoPicture(tx: Tx, ctx: ServerContext, owner: { tenantId: string; userId: string }, picture: number): Promise<string> {
  const file = `product-${picture}.jpg`;
  const bytes = new Uint8Array(readFileSync(new URL(`../demo/${file}`, import.meta.url)));
  const type = sniffImage(bytes);
  if (!type) throw new Error(`Demo image ${file} is neither PNG nor JPEG.`);
  return (await storeFile(tx, ctx, owner, bytes, type, file)).link;
}

export async function seedProducts(tx: Tx, ctx: ServerContext): Promise<void> {
  const repo = crudRepo(productEntity, ctx.ids);
  for (const [tenantId, { owner, products }] of Object.entries(DEMO)) {
    if (!(await tx.one(`select 1 as found from blade_tenant where tenant_id = $1`, [tenantId]))) continue;
    const actor = { tenantId, userId: owner, deptIds: [] };
    for (const [index, product] of products.entries()) {
      const { picture, status, originalPrice, ...fields } = product;
      const cover = await storeDemoPicture(tx, ctx, actor, picture);
      await repo.insert(tx, actor, { ...fields, originalPrice: originalPrice ?? null, cover, images: cover, status: status ?? ON_SALE, sales: 0, sort: index + 1 }, ctx.now());
    }
  }
}
