import { crudRepo, DEMO_TENANT, SEED, type ServerContext, type Tx } from '../../../core/sdk/server';
import { demoPictures, presentTenants } from '../demo-pictures';
import { geniusEntity, LISTED, UNLISTED } from './entity';

/**
 * The demo geniuses of each demo tenant: eight experts of every category with their avatars, prices in
 * fen and tags, one of them taken off the list. The orders and articles seeds find them by name.
 */

export interface DemoGenius {
  name: string;
  category: number;
  title: string;
  tags: string;
  price: number;
  introduction: string;
  avatar: string;
  status?: number;
}

export const DEMO_GENIUSES: Record<string, { owner: string; geniuses: DemoGenius[] }> = {
  '000000': {
    owner: SEED.adminUserId,
    geniuses: [
      { name: '林思远', category: 1, title: '资深品牌设计师', tags: '品牌设计,VI系统,包装设计', price: 199_900, avatar: 'genius-1.jpg', introduction: '12 年品牌设计经验，服务过 60 余家消费与科技品牌，擅长从品牌定位出发搭建完整的视觉识别系统。' },
      { name: '周晓彤', category: 2, title: '商业摄影师', tags: '产品摄影,人像,棚拍', price: 128_000, avatar: 'genius-2.jpg', introduction: '专注电商与品牌产品摄影，自有 200 平米影棚，一天可交付 30 款产品的主图与详情图。' },
      { name: '陈立', category: 3, title: '增长营销顾问', tags: '私域运营,内容营销,增长', price: 260_000, avatar: 'genius-3.jpg', introduction: '前互联网公司增长负责人，帮助中小企业搭建私域流量体系，平均三个月复购率提升 40%。' },
      { name: '王泽宇', category: 4, title: '执业律师', tags: '合同审查,知识产权,劳动法', price: 300_000, avatar: 'genius-4.jpg', introduction: '执业十年，主办商标与著作权案件百余件，为企业提供合同审查与合规咨询。' },
      { name: '赵敏', category: 5, title: '注册会计师', tags: '税务筹划,审计,账务', price: 150_000, avatar: 'genius-5.jpg', introduction: '中国注册会计师、税务师，熟悉高新技术企业认定与研发费用加计扣除。' },
      { name: '孙一鸣', category: 1, title: 'UI/UX 设计专家', tags: 'UI设计,交互设计,小程序', price: 168_000, avatar: 'genius-6.jpg', introduction: '主导过多款百万用户 App 的界面设计，擅长把复杂业务做成简单好用的界面。' },
      { name: '何佳怡', category: 2, title: '婚礼摄影师', tags: '婚礼跟拍,纪实摄影', price: 488_000, avatar: 'genius-7.jpg', introduction: '纪实风格婚礼摄影，作品多次入选国际婚礼摄影大赛。档期已满，暂停接单。', status: UNLISTED },
      { name: '郭子豪', category: 3, title: '短视频策划', tags: '短视频,直播带货,脚本', price: 99_900, avatar: 'genius-8.jpg', introduction: '策划短视频 500 余条，单条最高播放 3000 万，擅长企业号冷启动与直播脚本。' },
    ],
  },
  [DEMO_TENANT.tenantId]: {
    owner: DEMO_TENANT.adminUserId,
    geniuses: [
      { name: '许清禾', category: 1, title: '茶器与空间设计师', tags: '茶空间,器物设计', price: 260_000, avatar: 'genius-5.jpg', introduction: '专注茶空间与茶器设计，作品以宋式美学见长，为多家茶馆完成空间改造。' },
      { name: '沈墨', category: 2, title: '美食与静物摄影师', tags: '静物,茶叶摄影,美食', price: 98_000, avatar: 'genius-6.jpg', introduction: '擅长茶叶、茶汤与器物的静物拍摄，用光细腻，画面干净。' },
      { name: '唐一苇', category: 3, title: '新茶饮品牌顾问', tags: '品牌策划,新零售,社群', price: 320_000, avatar: 'genius-7.jpg', introduction: '曾操盘三个新茶饮品牌从 0 到 100 家门店，熟悉门店选址与社群运营。' },
      { name: '韩知远', category: 4, title: '食品安全法律顾问', tags: '食品安全,合同,商标', price: 280_000, avatar: 'genius-8.jpg', introduction: '专注食品与农产品领域的法律服务，熟悉食品经营许可与标签合规。' },
      { name: '苏晴', category: 5, title: '农业企业财税顾问', tags: '农业补贴,税务,融资', price: 120_000, avatar: 'genius-1.jpg', introduction: '服务农业合作社与茶企十余年，熟悉农产品免税政策与涉农补贴申报。' },
      { name: '陆明川', category: 2, title: '航拍摄影师', tags: '航拍,茶园,纪录片', price: 158_000, avatar: 'genius-2.jpg', introduction: '持证无人机驾驶员，拍摄过二十余座茶园的四季航拍与采茶纪录片。' },
      { name: '顾念', category: 1, title: '包装设计师', tags: '礼盒设计,插画', price: 138_000, avatar: 'genius-3.jpg', introduction: '手绘插画风格的茶叶礼盒设计，作品获 2023 年度包装设计银奖。' },
      { name: '程远山', category: 3, title: '直播运营', tags: '直播,抖音,选品', price: 88_000, avatar: 'genius-4.jpg', introduction: '茶叶直播间操盘手，单场最高成交 80 万元。', status: UNLISTED },
    ],
  },
};

export async function seedGeniuses(tx: Tx, ctx: ServerContext): Promise<void> {
  const repo = crudRepo(geniusEntity, ctx.ids);
  for (const [tenantId, { owner, geniuses }] of await presentTenants(tx, DEMO_GENIUSES)) {
    const actor = { tenantId, userId: owner, deptIds: [] };
    const picture = demoPictures(tx, ctx, actor);
    for (const [index, genius] of geniuses.entries()) {
      await repo.insert(
        tx,
        actor,
        {
          name: genius.name,
          avatar: await picture(genius.avatar),
          category: genius.category,
          title: genius.title,
          tags: genius.tags,
          servicePrice: genius.price,
          status: genius.status ?? LISTED,
          sort: index + 1,
          // The orders' seed counts their paid ones in.
          orderCount: 0,
          introduction: genius.introduction,
        },
        ctx.now(),
      );
    }
  }
}
