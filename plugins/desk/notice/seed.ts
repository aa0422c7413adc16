import { crudRepo, DEMO_TENANT, formatDateTime, SEED, type ServerContext, type Tx } from '../../../core/sdk/server';
import { NOTICE_STATE, noticeEntity } from './entity';

/**
 * The demo notices, different in each demo tenant: most published (released from hours to a week ago),
 * one scheduled a few days ahead, one draft; the tenant's administrator has read some of them, so the
 * popover shows read and unread ones and the list its read counts.
 */

interface DemoNotice {
  title: string;
  category: number;
  /** Hours from the seed's time: negative for the past, positive for a scheduled notice. */
  releaseIn: number;
  status?: number;
  readByAdmin?: boolean;
  content: string;
}

const paragraphs = (...texts: string[]) => texts.map((t) => `<p>${t}</p>`).join('');
const points = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

const DEMO: Record<string, { admin: string; notices: DemoNotice[] }> = {
  '000000': {
    admin: SEED.adminUserId,
    notices: [
      {
        title: '系统升级维护通知',
        category: 6,
        releaseIn: -2,
        content:
          paragraphs('各位同事：', '为提升名片访问速度，系统将于本周六 22:00 至 24:00 进行升级维护，期间后台与名片页面可能短暂无法访问。') +
          points(['请提前保存正在编辑的内容', '维护结束后请刷新页面重新登录', '如有问题请联系信息部（分机 8021）']),
      },
      {
        title: '关于启用新版电子名片模板的通知',
        category: 1,
        releaseIn: -26,
        readByAdmin: true,
        content: paragraphs('新版电子名片模板已上线，支持企业主色、视频介绍与案例相册。', '请各部门于本月底前完成员工名片的模板切换，<strong>旧模板将于下月停用</strong>。'),
      },
      {
        title: '关于任命张伟为华东区销售经理的通知',
        category: 5,
        releaseIn: -72,
        readByAdmin: true,
        content: paragraphs('经公司研究决定，任命张伟同志为华东区销售经理，全面负责华东区客户拓展与团队管理工作。', '任期自发文之日起计算。'),
      },
      {
        title: '转发：市商务局关于开展数字化营销培训的通知',
        category: 3,
        releaseIn: -168,
        content:
          paragraphs('现将市商务局《关于开展中小企业数字化营销培训的通知》转发给你们，请结合实际认真组织报名。') +
          points(['培训时间：下月 12 日至 13 日', '培训地点：市民中心二楼报告厅', '报名截止：本月 28 日']),
      },
      {
        title: '第一季度客户回访工作安排',
        category: 4,
        releaseIn: 72,
        content: paragraphs('请各区域于季度末前完成重点客户回访，回访记录统一录入名片访客系统。', '回访名单由销售管理部另行下发。'),
      },
      {
        title: '年度优秀员工评选办法（征求意见稿）',
        category: 2,
        releaseIn: -1,
        status: NOTICE_STATE.draft,
        content: paragraphs('本办法尚在征求意见，定稿后发布。', '评选维度：业绩达成、客户口碑、团队协作、创新贡献。'),
      },
    ],
  },
  [DEMO_TENANT.tenantId]: {
    admin: DEMO_TENANT.adminUserId,
    notices: [
      {
        title: '春茶开采及茶园参观接待安排',
        category: 6,
        releaseIn: -5,
        content:
          paragraphs('明前春茶将于下周一开采，开采期间茶园接待客户参观，请提前一天预约。') +
          points(['接待时间：每日 9:00–16:00', '每批不超过 20 人', '预约电话：0571-8888 6600']),
      },
      {
        title: '关于调整门店营业时间的通知',
        category: 1,
        releaseIn: -50,
        readByAdmin: true,
        content: paragraphs('自下月 1 日起，家居门店营业时间调整为 10:00–21:00，周一闭店盘点。', '请门店同事相互转告。'),
      },
      {
        title: '转发：消防安全检查通知',
        category: 3,
        releaseIn: -140,
        content: paragraphs('街道办将于本周四对辖区商户进行消防安全检查，请各门店清理安全通道，检查灭火器有效期。'),
      },
      {
        title: '关于李娜任青禾茶园运营主管的通知',
        category: 5,
        releaseIn: 48,
        content: paragraphs('经研究决定，任命李娜同志为青禾茶园运营主管，负责茶园生产与接待工作。'),
      },
      {
        title: '新品上架审核流程（草稿）',
        category: 4,
        releaseIn: -3,
        status: NOTICE_STATE.draft,
        content: paragraphs('新品上架须经品控、定价、文案三道审核，流程细则待定稿后发布。'),
      },
    ],
  },
};

const HOUR = 3_600_000;

export async function seedNotices(tx: Tx, ctx: ServerContext): Promise<void> {
  const repo = crudRepo(noticeEntity, ctx.ids);
  const now = ctx.now();
  for (const [tenantId, { admin, notices }] of Object.entries(DEMO)) {
    if (!(await tx.one(`select 1 as found from blade_tenant where tenant_id = $1`, [tenantId]))) continue;
    const actor = { tenantId, userId: admin, deptIds: [] };
    for (const notice of notices) {
      // Written a day before release (or now, for one released within the day), like a real notice.
      const release = new Date(now.getTime() + notice.releaseIn * HOUR);
      const written = new Date(Math.min(now.getTime(), release.getTime() - 24 * HOUR));
      const id = await repo.insert(
        tx,
        actor,
        { title: notice.title, category: notice.category, releaseTime: formatDateTime(release), status: notice.status ?? NOTICE_STATE.published, content: notice.content },
        written,
      );
      if (notice.readByAdmin) {
        await tx.query(`insert into blade_notice_read (tenant_id, notice_id, user_id, read_time) values ($1, $2, $3, $4) on conflict do nothing`, [
          tenantId,
          id,
          admin,
          new Date(release.getTime() + 2 * HOUR),
        ]);
      }
    }
  }
}
