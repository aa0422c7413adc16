import { crudRepo, DEMO_TENANT, formatDateTime, sanitizeRichText, SEED, type ServerContext, type Tx } from '../../../core/sdk/server';
import { demoPictures, presentTenants } from '../demo-pictures';
import { geniusEntity } from '../profile/entity';
import { DRAFT, geniusInfoEntity, PUBLISHED } from './entity';

/**
 * The demo articles of each demo tenant: six by their geniuses, four published over the past weeks and
 * two drafts, with covers and formatted content (headings, lists, emphasis, a quote).
 */

interface DemoArticle {
  title: string;
  genius: string;
  cover: string;
  /** Days ago it was published; absent: a draft. */
  published?: number;
  content: string;
}

const DEMO_ARTICLES: Record<string, { owner: string; articles: DemoArticle[] }> = {
  '000000': {
    owner: SEED.adminUserId,
    articles: [
      {
        title: '品牌升级的五个信号：你的 Logo 该换了吗？',
        genius: '林思远',
        cover: 'article-1.jpg',
        published: 2,
        content: `<h2>为什么品牌需要升级</h2><p>品牌不是一成不变的。当企业的<strong>业务、客群或渠道</strong>发生变化时，原有的视觉形象往往已经跟不上。</p><h3>五个常见信号</h3><ol><li>新客户记不住你的名字</li><li>线上与线下的视觉不统一</li><li>竞争对手的形象越来越像你</li><li>Logo 在手机小屏上看不清</li><li>团队自己都不愿意用现在的物料</li></ol><blockquote><p>好的品牌升级，是让老客户依然认得你，新客户第一眼就记住你。</p></blockquote><p>如果你的品牌出现了其中三个以上的信号，是时候认真考虑一次升级了。</p>`,
      },
      {
        title: '用手机也能拍出好看的产品图',
        genius: '周晓彤',
        cover: 'article-2.jpg',
        published: 6,
        content: `<h2>光线比设备更重要</h2><p>靠窗的<em>柔和自然光</em>是最好的免费光源。避免正午直射，拍摄时在产品另一侧放一张白纸作反光板。</p><h3>三个构图技巧</h3><ul><li><strong>留白</strong>：给产品四周留出呼吸空间</li><li><strong>对角线</strong>：让产品沿对角线摆放更有动感</li><li><strong>低角度</strong>：平视或略低的角度让产品更有分量</li></ul><p>最后，记得统一所有主图的背景和色调，店铺首页会整齐很多。</p>`,
      },
      {
        title: '私域运营第一步：先想清楚给用户什么',
        genius: '陈立',
        cover: 'article-3.jpg',
        published: 12,
        content: `<p>很多企业一上来就拉群、发券，结果群很快变成了广告群。私域的核心不是渠道，而是<strong>持续提供价值</strong>。</p><h2>问自己三个问题</h2><ol><li>用户为什么要加你？</li><li>加了之后能得到什么？</li><li>什么时候会想起你？</li></ol><p>把这三个问题的答案写下来，就是你的私域定位。</p>`,
      },
      {
        title: '签合同前必看的七个条款',
        genius: '王泽宇',
        cover: 'article-4.jpg',
        published: 20,
        content: `<h2>合同里最容易出问题的地方</h2><ul><li>付款条件与节点</li><li>验收标准</li><li>违约责任与赔偿上限</li><li>知识产权归属</li><li>保密义务</li><li>争议解决方式</li><li>合同解除条件</li></ul><p><strong>提示：</strong>知识产权归属在设计、软件类合同中尤其重要，务必写明交付物的著作权归谁。</p>`,
      },
      {
        title: '研发费用加计扣除实操指南（草稿）',
        genius: '赵敏',
        cover: 'article-5.jpg',
        content: `<h2>哪些费用可以加计扣除</h2><p>人员人工费用、直接投入费用、折旧费用等。</p><p><em>待补充：留存备查资料清单。</em></p>`,
      },
      {
        title: '小程序首页改版复盘',
        genius: '孙一鸣',
        cover: 'article-6.jpg',
        content: '',
      },
    ],
  },
  [DEMO_TENANT.tenantId]: {
    owner: DEMO_TENANT.adminUserId,
    articles: [
      {
        title: '一间好茶室的三个细节',
        genius: '许清禾',
        cover: 'article-4.jpg',
        published: 1,
        content: `<h2>光、声、器</h2><p>茶室的好坏，往往不在面积，而在细节。</p><ol><li><strong>光</strong>：以侧光为主，避免顶光直射茶汤</li><li><strong>声</strong>：留一处流水或风铃，掩去外界杂音</li><li><strong>器</strong>：器物宁少勿多，一席一主题</li></ol><blockquote><p>茶室是让人慢下来的地方。</p></blockquote>`,
      },
      {
        title: '拍好一杯茶汤的光线秘诀',
        genius: '沈墨',
        cover: 'article-2.jpg',
        published: 5,
        content: `<p>茶汤的通透感来自<strong>逆光</strong>。把光源放在杯子后方略高处，前方用白卡补光。</p><ul><li>绿茶：冷白光，突出清透</li><li>红茶：暖光，突出红亮</li><li>普洱：侧逆光，突出层次</li></ul>`,
      },
      {
        title: '新茶饮门店选址的四个误区',
        genius: '唐一苇',
        cover: 'article-3.jpg',
        published: 9,
        content: `<h2>人流大不等于生意好</h2><p>选址要看的是<em>目标客群的停留时间</em>，而不只是路过的人数。</p><ol><li>只看人流不看动线</li><li>忽视周边竞品的价格带</li><li>低估装修与房租的回本周期</li><li>不做试营业就签长租约</li></ol>`,
      },
      {
        title: '茶叶包装标签合规要点',
        genius: '韩知远',
        cover: 'article-5.jpg',
        published: 16,
        content: `<h2>标签上必须有的内容</h2><ul><li>产品名称、配料表</li><li>净含量与规格</li><li>生产者名称、地址与联系方式</li><li>生产日期与保质期</li><li>贮存条件与生产许可证编号</li></ul><p><strong>注意：</strong>“有机”“特级”等字样需要有对应的认证或标准依据。</p>`,
      },
      {
        title: '茶园四季航拍计划（草稿）',
        genius: '陆明川',
        cover: 'article-1.jpg',
        content: `<p>春：采茶；夏：云雾；秋：梯田；冬：雪景。</p>`,
      },
      {
        title: '礼盒插画的配色思路',
        genius: '顾念',
        cover: 'article-6.jpg',
        content: '',
      },
    ],
  },
};

export async function seedArticles(tx: Tx, ctx: ServerContext): Promise<void> {
  const repo = crudRepo(geniusInfoEntity, ctx.ids);
  const now = ctx.now();
  for (const [tenantId, { owner, articles }] of await presentTenants(tx, DEMO_ARTICLES)) {
    const actor = { tenantId, userId: owner, deptIds: [] };
    const picture = demoPictures(tx, ctx, actor);
    const geniuses = await tx.query<{ id: string; name: string }>(`select id::text as id, name from ${geniusEntity.table} where tenant_id = $1 and is_deleted = 0`, [tenantId]);
    const byName = new Map(geniuses.map((g) => [g.name, g.id]));
    for (const article of articles) {
      const geniusId = byName.get(article.genius);
      if (!geniusId) continue;
      const published = article.published === undefined ? undefined : new Date(now.getFullYear(), now.getMonth(), now.getDate() - article.published, 9, 30);
      await repo.insert(
        tx,
        actor,
        {
          title: article.title,
          cover: await picture(article.cover),
          geniusId,
          status: published ? PUBLISHED : DRAFT,
          publishTime: published ? formatDateTime(published) : null,
          content: sanitizeRichText(article.content),
        },
        // Written an hour before it was published (a draft: a few days ago).
        published ? new Date(published.getTime() - 3_600_000) : new Date(now.getTime() - 3 * 86_400_000),
      );
    }
  }
}
