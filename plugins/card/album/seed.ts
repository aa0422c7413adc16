import { readFileSync } from 'node:fs';
import { crudRepo, DEMO_TENANT, entityIdsByName, makeThumbnail, SEED, type ServerContext, sniffImage, storeFile, type Thumbnail, type Tx } from '../../../core/sdk/server';
import { companyEntity } from '../company/entity';
import { albumEntity, THUMB_WIDTH } from './entity';
import { replaceImages } from './images';

/**
 * The demo albums: three or four per demo company, in both demo tenants, each of three to six of the
 * case photos shipped in `../demo` with Chinese captions. A photo is stored once per tenant, and its
 * thumbnail made once for the whole seed (the same photo in two albums or two tenants is one resize).
 */

interface DemoAlbum {
  title: string;
  /** `case_category` key. */
  category: number;
  description: string;
  viewCount: number;
  /** The photo (by number in `../demo/album-<n>.jpg`) to show as the cover, when not the first. */
  cover?: number;
  photos: [number, string][];
}

const DEMO: Record<string, { owner: string; companies: Record<string, DemoAlbum[]> }> = {
  '000000': {
    owner: SEED.adminUserId,
    companies: {
      布雷德科技: [
        {
          title: '智慧城市运营中心',
          category: 6,
          description: '为某新一线城市打造的城市运营指挥中心，汇聚交通、能源与公共服务数据，实现一屏统览、一键调度。',
          viewCount: 1286,
          photos: [
            [5, '夜幕下的城市天际线，运营中心实时监测全城数据'],
            [11, '白天的城市全景：交通与能耗数据覆盖 12 个区县'],
            [17, '黄昏时分的中央商务区'],
            [16, '项目所在的数字产业园'],
          ],
        },
        {
          title: '总部办公空间',
          category: 5,
          description: '布雷德科技张江总部，开放式工位与共享厨房，让协作自然发生。',
          viewCount: 642,
          photos: [
            [14, '开放式办公区，每位同事都有一面城市风景'],
            [2, '共享厨房，午后咖啡时间'],
            [8, '茶水间的另一角'],
          ],
        },
        {
          title: '智能名片硬件发布会',
          category: 3,
          description: '年度新品：NFC 智能名片与桌面展示牌，碰一碰即可交换名片。',
          viewCount: 958,
          cover: 9,
          photos: [
            [3, '新品静物：NFC 名片卡与收纳盒'],
            [9, '桌面展示牌，扫码即可查看名片'],
            [15, '发布会限定礼盒'],
          ],
        },
        {
          title: '年度团建 · 湖畔徒步',
          category: 5,
          description: '全员前往千岛湖徒步两天，用脚步丈量湖光山色。',
          viewCount: 415,
          photos: [
            [6, '清晨出发，湖面还笼着薄雾'],
            [12, '傍晚抵达营地，晚霞映红了山脊'],
            [18, '第二天登顶，俯瞰整片森林'],
          ],
        },
      ],
      蓝鲸建筑设计: [
        {
          title: '滨江商务中心',
          category: 2,
          description: '位于黄浦江畔的三栋办公塔楼，玻璃幕墙呼应江面的光影变化。',
          viewCount: 2034,
          photos: [
            [4, '主楼沿街立面，玻璃幕墙映出蓝天'],
            [10, '暖色调的副楼，夕阳下格外温暖'],
            [16, '建成后的街区全景'],
            [5, '夜景照明设计'],
            [11, '从对岸远眺滨江天际线'],
          ],
        },
        {
          title: '湖畔住宅室内设计',
          category: 1,
          description: '为一个三口之家设计的湖景住宅，以原木与暖光营造安静的居住氛围。',
          viewCount: 1377,
          photos: [
            [1, '客厅：落地灯与蓝色沙发'],
            [7, '起居室：浅色墙面配原木家具'],
            [13, '次卧改造的休闲区'],
            [2, '开放式厨房，吊灯照亮操作台'],
            [8, '厨房的清水混凝土墙面'],
            [6, '窗外的湖景'],
          ],
        },
        {
          title: '城市更新规划展',
          category: 4,
          description: '“共生城市”规划展现场，展示了我们近五年的城市更新实践。',
          viewCount: 566,
          photos: [
            [17, '展览主视觉：黄昏中的城市'],
            [11, '城市更新前后的天际线对比'],
            [5, '夜间灯光规划方案'],
          ],
        },
      ],
    },
  },
  [DEMO_TENANT.tenantId]: {
    owner: DEMO_TENANT.adminUserId,
    companies: {
      云杉家居: [
        {
          title: '北欧风客厅样板间',
          category: 1,
          description: '以白橡木与亚麻织物为主材的客厅样板间，简洁、温暖、耐看。',
          viewCount: 1520,
          photos: [
            [7, '浅色调客厅，搭配黑胡桃茶几'],
            [1, '蓝色布艺沙发与落地灯'],
            [13, '红色沙发版本，适合小户型'],
          ],
        },
        {
          title: '实木厨房系列',
          category: 3,
          description: '整体橱柜采用北美白橡木，台面与吊灯均可按户型定制。',
          viewCount: 873,
          photos: [
            [2, '深色橱柜配白色墙砖'],
            [8, '薄荷绿橱柜，清新明亮'],
            [14, '厨房与书房一体化设计'],
          ],
        },
        {
          title: '顺德家具展现场',
          category: 4,
          description: '第 45 届顺德国际家具展，云杉家居展位接待访客 3000 余人次。',
          viewCount: 694,
          cover: 9,
          photos: [
            [3, '展位上的新品摆件'],
            [9, '限量版实木收纳盒'],
            [15, '夜场专属展区'],
            [10, '展馆外观'],
          ],
        },
        {
          title: '旗舰店外观',
          category: 2,
          description: '佛山乐从旗舰店，四层共 6000 平方米的沉浸式展厅。',
          viewCount: 312,
          photos: [
            [10, '旗舰店正立面'],
            [4, '旗舰店所在的家居商业街'],
            [16, '开业当天的街景'],
          ],
        },
      ],
      青禾茶业: [
        {
          title: '高山茶园',
          category: 6,
          description: '自有 800 亩生态茶园，海拔 400 米以上，云雾滋养出鲜爽的龙井。',
          viewCount: 1945,
          photos: [
            [18, '清晨的茶园，薄雾笼罩山谷'],
            [6, '茶园旁的水库，是灌溉的源头'],
            [12, '傍晚的茶山'],
          ],
        },
        {
          title: '明前龙井礼盒',
          category: 3,
          description: '企业定制礼盒，可印制企业标识，支持一件代发。',
          viewCount: 1102,
          photos: [
            [15, '经典款礼盒'],
            [3, '便携装与茶具套装'],
            [9, '商务款礼盒'],
          ],
        },
        {
          title: '春茶品鉴会',
          category: 4,
          description: '每年清明前在西湖畔举办的品鉴会，邀请老客户共品新茶。',
          viewCount: 488,
          photos: [
            [13, '品鉴会茶室一角'],
            [6, '湖畔的户外茶席'],
            [12, '夕阳下的合影地点'],
            [18, '清晨采茶体验'],
          ],
        },
      ],
    },
  },
};

interface DemoThumb {
  thumb: Thumbnail;
  width: number;
  height: number;
}

export async function seedAlbums(tx: Tx, ctx: ServerContext): Promise<void> {
  const albums = crudRepo(albumEntity, ctx.ids);
  const companyIds = entityIdsByName(companyEntity, ['name']);
  const thumbs = new Map<number, Promise<DemoThumb>>();
  const bytesOf = (photo: number) => new Uint8Array(readFileSync(new URL(`../demo/album-${photo}.jpg`, import.meta.url)));
  // The demo photos are 1200×800 (see scripts/make-demo-images.mjs).
  const thumbOf = (photo: number) => {
    if (!thumbs.has(photo)) thumbs.set(photo, makeThumbnail(bytesOf(photo), { width: THUMB_WIDTH }).then((thumb) => ({ thumb, width: 1200, height: 800 })));
    return thumbs.get(photo)!;
  };
  for (const [tenantId, { owner, companies }] of Object.entries(DEMO)) {
    if (!(await tx.one(`select 1 as found from blade_tenant where tenant_id = $1`, [tenantId]))) continue;
    const actor = { tenantId, userId: owner, deptIds: [] };
    const ids = await companyIds(tx, tenantId, Object.keys(companies));
    // Each photo stored once in the tenant, with its thumbnail: its link and thumbnail link.
    const stored = new Map<number, { link: string; thumbLink: string; width: number; height: number }>();
    const photo = async (n: number) => {
      if (!stored.has(n)) {
        const bytes = bytesOf(n);
        const { link } = await storeFile(tx, ctx, actor, bytes, sniffImage(bytes)!, `album-${n}.jpg`);
        const { thumb, width, height } = await thumbOf(n);
        const thumbLink = (await storeFile(tx, ctx, actor, thumb.bytes, thumb.type, `album-${n}-${THUMB_WIDTH}.jpg`)).link;
        stored.set(n, { link, thumbLink, width, height });
      }
      return stored.get(n)!;
    };
    for (const [companyName, list] of Object.entries(companies)) {
      const companyId = ids.get(companyName)?.[0];
      if (!companyId) continue;
      for (const [index, album] of list.entries()) {
        const known = new Map<string, { thumbLink: string; width: number; height: number }>();
        const images = [];
        for (const [n, caption] of album.photos) {
          const { link, ...thumb } = await photo(n);
          known.set(link, thumb);
          images.push({ link, caption });
        }
        const cover = album.cover ? (await photo(album.cover)).link : null;
        const values = { companyId, title: album.title, category: album.category, description: album.description, cover, sort: index + 1, status: 1, viewCount: album.viewCount };
        const id = await albums.insert(tx, actor, values, ctx.now());
        await replaceImages(tx, ctx, actor, id, { images, known, made: new Map() });
      }
    }
  }
}
