import { readFileSync } from 'node:fs';
import { crudRepo, DEMO_TENANT, SEED, type ServerContext, sniffImage, storeFile, type Tx } from '../../../core/sdk/server';
import { ENABLED, companyEntity } from './entity';

/**
 * The demo companies: two in each demo tenant, different in each, the first the tenant's default. Their
 * logos and pictures are the images shipped in `../demo`, stored like uploads. Staff are seeded after
 * these and find their company by name (`DEMO_COMPANY_NAMES`).
 */

interface DemoCompany {
  name: string;
  shortName: string;
  logo: string;
  industry: number;
  regionCode: string;
  address: string;
  telephone: string;
  email: string;
  website: string;
  videoUrl?: string;
  introduction: string;
  pictures: string[];
}

const DEMO: Record<string, { owner: string; companies: DemoCompany[] }> = {
  '000000': {
    owner: SEED.adminUserId,
    companies: [
      {
        name: '布雷德科技',
        shortName: '布雷德',
        logo: 'logo-1.png',
        industry: 1,
        regionCode: '310115',
        address: '上海市浦东新区张江高科技园区碧波路 690 号 3 号楼 5 层',
        telephone: '021-5080 1888',
        email: 'hello@bladex.example.com',
        website: 'https://www.bladex.example.com',
        videoUrl: 'https://www.bladex.example.com/video/brand-2026.mp4',
        introduction:
          '<p>布雷德科技专注于企业级数字化产品，为 300 余家企业提供数字名片、线上商城与客户管理服务，让每一位员工的名片都成为企业的移动官网。</p>' +
          '<ul><li>数字名片：一人一码，访客数据实时可见</li><li>私域商城：名片即店铺，分享即成交</li><li>数据看板：每日访问、来源与转化一目了然</li></ul>',
        pictures: ['album-1.jpg', 'album-2.jpg', 'album-3.jpg', 'album-4.jpg'],
      },
      {
        name: '蓝鲸建筑设计',
        shortName: '蓝鲸设计',
        logo: 'logo-2.png',
        industry: 2,
        regionCode: '310104',
        address: '上海市徐汇区龙腾大道 2555 号西岸艺术中心 B 座 12 层',
        telephone: '021-6427 3300',
        email: 'studio@bluewhale-arch.example.com',
        website: 'https://www.bluewhale-arch.example.com',
        introduction:
          '<p>蓝鲸建筑设计成立于 2012 年，以“让建筑回应城市与自然”为理念，完成文化、办公与住宅项目 120 余项。</p>' +
          '<ul><li>城市更新与滨水空间</li><li>文化建筑与展陈设计</li><li>室内与景观一体化设计</li></ul>',
        pictures: ['album-5.jpg', 'album-6.jpg', 'album-7.jpg'],
      },
    ],
  },
  [DEMO_TENANT.tenantId]: {
    owner: DEMO_TENANT.adminUserId,
    companies: [
      {
        name: '云杉家居',
        shortName: '云杉',
        logo: 'logo-3.png',
        industry: 3,
        regionCode: '4406',
        address: '广东省佛山市顺德区乐从镇家具大道 88 号云杉家居馆',
        telephone: '0757-2838 6600',
        email: 'service@spruce-home.example.com',
        website: 'https://www.spruce-home.example.com',
        videoUrl: 'https://www.spruce-home.example.com/video/showroom.mp4',
        introduction:
          '<p>云杉家居是一家原创实木家具品牌，从选材、设计到安装全程自营，产品远销 20 多个国家和地区。</p>' +
          '<ul><li>北美 FAS 级黑胡桃与白橡木</li><li>全屋定制，免费上门量尺</li><li>十年质保，终身维护</li></ul>',
        pictures: ['album-9.jpg', 'album-10.jpg', 'album-11.jpg', 'album-12.jpg'],
      },
      {
        name: '青禾茶业',
        shortName: '青禾',
        logo: 'logo-4.png',
        industry: 4,
        regionCode: '33',
        address: '浙江省杭州市西湖区龙井路 1 号青禾茶园',
        telephone: '0571-8796 1200',
        email: 'tea@qinghe-tea.example.com',
        website: 'https://www.qinghe-tea.example.com',
        introduction:
          '<p>青禾茶业扎根西湖龙井核心产区三十年，自有茶园 800 亩，坚持古法手工炒制。</p>' +
          '<ul><li>明前龙井、雨前龙井</li><li>企业定制礼盒</li><li>茶园研学与品鉴活动</li></ul>',
        pictures: ['album-13.jpg', 'album-14.jpg', 'album-15.jpg'],
      },
    ],
  },
};

/** The demo companies' names by tenant, the default first. */
export const DEMO_COMPANY_NAMES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(Object.entries(DEMO).map(([tenantId, demo]) => [tenantId, demo.companies.map((c) => c.name)]));

/** An image shipped with the plugin, stored for the tenant as an upload would be: its link. */
async function storeDemoImage(tx: Tx, ctx: ServerContext, owner: { tenantId: string; userId: string }, file: string): Promise<string> {
  const bytes = new Uint8Array(readFileSync(new URL(`../demo/${file}`, import.meta.url)));
  const type = sniffImage(bytes);
  if (!type) throw new Error(`Demo image ${file} is neither PNG nor JPEG.`);
  return (await storeFile(tx, ctx, owner, bytes, type, file)).link;
}

export async function seedCompanies(tx: Tx, ctx: ServerContext): Promise<void> {
  const repo = crudRepo(companyEntity, ctx.ids);
  for (const [tenantId, { owner, companies }] of Object.entries(DEMO)) {
    if (!(await tx.one(`select 1 as found from blade_tenant where tenant_id = $1`, [tenantId]))) continue;
    const actor = { tenantId, userId: owner, deptIds: [] };
    for (const [index, company] of companies.entries()) {
      const { logo, pictures, ...fields } = company;
      const images: string[] = [];
      for (const picture of pictures) images.push(await storeDemoImage(tx, ctx, actor, picture));
      const values = { ...fields, logo: await storeDemoImage(tx, ctx, actor, logo), images: images.join(','), status: ENABLED, isDefault: index === 0 ? 1 : 0 };
      await repo.insert(tx, actor, values, ctx.now());
    }
  }
}
