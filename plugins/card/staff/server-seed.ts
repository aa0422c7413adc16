import { readFileSync } from 'node:fs';
import { ApiError, crudRepo, DEMO_TENANT, hashPassword, initialPassword, insertUser, md5, SEED, type ServerContext, sniffImage, storeFile, type Tx } from '../../../core/sdk/server';
import { DISABLED, ENABLED, companyEntity } from '../company/entity';
import { DEMO_COMPANY_NAMES } from '../company/seed';
import { staffEntity } from './entity';

/**
 * The demo staff: eight per demo tenant, different in each, split over the tenant's two demo companies
 * (found by name: the company seed runs first). In each company the first is its default card; one per
 * tenant is disabled; the first of each company has a sign-in user (account: the mobile number, password:
 * the tenant's initial password, role: the tenant's `user` role where it has one). Avatars are the
 * images shipped in `../demo`, stored as uploads are.
 */

interface DemoStaff {
  name: string;
  position: string;
  deptName: string;
  mobile: string;
  telephone: string;
  email: string;
  wechat: string;
  introduction: string;
  /** Index into the tenant's demo companies. */
  company: 0 | 1;
  disabled?: true;
  /** Gets a sign-in user. */
  user?: true;
}

const DEMO: Record<string, { owner: string; firstAvatar: number; staff: DemoStaff[] }> = {
  '000000': {
    owner: SEED.adminUserId,
    firstAvatar: 1,
    staff: [
      { company: 0, user: true, name: '陈思远', position: '销售总监', deptName: '市场销售部', mobile: '13816520001', telephone: '021-50801888', email: 'chen.siyuan@bladex.example.com', wechat: 'chensiyuan_bx', introduction: '十年企业软件销售经验，服务过 200 多家制造与零售企业，擅长数字化营销方案。' },
      { company: 0, name: '林晓雯', position: '客户经理', deptName: '市场销售部', mobile: '13816520002', telephone: '021-50801889', email: 'lin.xiaowen@bladex.example.com', wechat: 'linxw_1990', introduction: '负责华东区重点客户，帮助客户把名片变成获客入口。' },
      { company: 0, name: '王浩然', position: '产品经理', deptName: '产品研发部', mobile: '13816520003', telephone: '021-50801890', email: 'wang.haoran@bladex.example.com', wechat: 'haoran_pm', introduction: '数字名片与私域商城产品负责人，关注访客数据与转化。' },
      { company: 0, disabled: true, name: '赵雅琪', position: '前端工程师', deptName: '产品研发部', mobile: '13816520004', telephone: '021-50801891', email: 'zhao.yaqi@bladex.example.com', wechat: 'yaqi_dev', introduction: '负责名片小程序的前端开发。' },
      { company: 0, name: '周子涵', position: '客户成功专员', deptName: '客户服务部', mobile: '13816520005', telephone: '021-50801892', email: 'zhou.zihan@bladex.example.com', wechat: 'zihan_cs', introduction: '7×24 小时响应，陪伴客户完成上线与培训。' },
      { company: 1, user: true, name: '孙立言', position: '主创建筑师', deptName: '设计一所', mobile: '13916880006', telephone: '021-64273301', email: 'sun.liyan@bluewhale-arch.example.com', wechat: 'sunly_arch', introduction: '国家一级注册建筑师，主持滨水文化中心、城市更新等项目 40 余项。' },
      { company: 1, name: '何静怡', position: '室内设计师', deptName: '室内设计部', mobile: '13916880007', telephone: '021-64273302', email: 'he.jingyi@bluewhale-arch.example.com', wechat: 'jingyi_interior', introduction: '专注办公与展陈空间，作品获 2024 年度室内设计金奖。' },
      { company: 1, name: '吴家豪', position: '项目经理', deptName: '项目管理部', mobile: '13916880008', telephone: '021-64273303', email: 'wu.jiahao@bluewhale-arch.example.com', wechat: 'wujh_pm', introduction: '统筹设计与施工配合，确保项目按期高质量落地。' },
    ],
  },
  [DEMO_TENANT.tenantId]: {
    owner: DEMO_TENANT.adminUserId,
    firstAvatar: 9,
    staff: [
      { company: 0, user: true, name: '郑嘉怡', position: '门店店长', deptName: '顺德旗舰店', mobile: '13760320011', telephone: '0757-28386601', email: 'zheng.jiayi@spruce-home.example.com', wechat: 'jiayi_spruce', introduction: '八年家居零售经验，带领旗舰店连续三年销售第一。' },
      { company: 0, name: '黄俊杰', position: '定制设计师', deptName: '全屋定制部', mobile: '13760320012', telephone: '0757-28386602', email: 'huang.junjie@spruce-home.example.com', wechat: 'junjie_design', introduction: '擅长小户型收纳与实木全屋定制，免费上门量尺。' },
      { company: 0, name: '梁晓敏', position: '销售顾问', deptName: '顺德旗舰店', mobile: '13760320013', telephone: '0757-28386603', email: 'liang.xiaomin@spruce-home.example.com', wechat: 'xiaomin_home', introduction: '为您挑选合适的木材与款式，全程跟进交付。' },
      { company: 0, disabled: true, name: '冯志强', position: '安装主管', deptName: '售后服务部', mobile: '13760320014', telephone: '0757-28386604', email: 'feng.zhiqiang@spruce-home.example.com', wechat: 'zhiqiang_fix', introduction: '负责安装与售后维护团队。' },
      { company: 1, user: true, name: '沈清和', position: '高级茶艺师', deptName: '品鉴中心', mobile: '15867120015', telephone: '0571-87961201', email: 'shen.qinghe@qinghe-tea.example.com', wechat: 'qinghe_tea', introduction: '国家高级茶艺师，主持茶园研学与品鉴活动。' },
      { company: 1, name: '许诺', position: '企业礼盒顾问', deptName: '大客户部', mobile: '15867120016', telephone: '0571-87961202', email: 'xu.nuo@qinghe-tea.example.com', wechat: 'xunuo_gift', introduction: '为企业定制节日茶礼，支持刻字与专属包装。' },
      { company: 1, name: '蒋雨桐', position: '电商运营', deptName: '电商部', mobile: '15867120017', telephone: '0571-87961203', email: 'jiang.yutong@qinghe-tea.example.com', wechat: 'yutong_shop', introduction: '负责线上商城与直播，新茶上市第一时间通知您。' },
      { company: 1, name: '韩明轩', position: '茶园主管', deptName: '茶园基地', mobile: '15867120018', telephone: '0571-87961204', email: 'han.mingxuan@qinghe-tea.example.com', wechat: 'mingxuan_farm', introduction: '管理 800 亩自有茶园，坚持生态种植与古法炒制。' },
    ],
  },
};

async function storeAvatar(tx: Tx, ctx: ServerContext, owner: { tenantId: string; userId: string }, n: number): Promise<string> {
  const file = `avatar-${n}.jpg`;
  const bytes = new Uint8Array(readFileSync(new URL(`../demo/${file}`, import.meta.url)));
  const type = sniffImage(bytes);
  if (!type) throw new Error(`Demo image ${file} is neither PNG nor JPEG.`);
  return (await storeFile(tx, ctx, owner, bytes, type, file)).link;
}

export async function seedStaff(tx: Tx, ctx: ServerContext): Promise<void> {
  const repo = crudRepo(staffEntity, ctx.ids);
  for (const [tenantId, { owner, firstAvatar, staff }] of Object.entries(DEMO)) {
    const names = DEMO_COMPANY_NAMES[tenantId] ?? [];
    const companies = await tx.query<{ id: string; name: string }>(`select id::text as id, name from ${companyEntity.table} where tenant_id = $1 and is_deleted = 0 and name = any($2::varchar[])`, [
      tenantId,
      [...names],
    ]);
    const companyIds = names.map((name) => companies.find((c) => c.name === name)?.id);
    if (companyIds.some((id) => !id)) continue; // the tenant or its demo companies are not there
    const actor = { tenantId, userId: owner, deptIds: [] };
    const role = await tx.one<{ id: string }>(`select id::text as id from blade_role where tenant_id = $1 and role_alias = 'user' and is_deleted = 0 order by sort, id limit 1`, [tenantId]);
    // A database from an earlier version may keep an initial password its rule refuses (BladeX's 123456):
    // its demo staff then get no accounts rather than stop the start.
    const password = await initialPassword(ctx.extensions, tx, tenantId).catch((error: unknown) => {
      if (error instanceof ApiError) return null;
      throw error;
    });
    let passwordHash: string | undefined;
    const defaults = new Set<number>();
    for (const [i, member] of staff.entries()) {
      const { company, disabled, user, ...fields } = member;
      const isDefault = !defaults.has(company) && !disabled;
      if (isDefault) defaults.add(company);
      const avatar = await storeAvatar(tx, ctx, actor, firstAvatar + i);
      let userId: string | null = null;
      if (user && password !== null) {
        passwordHash ??= await hashPassword(md5(password));
        userId = await insertUser(tx, ctx.ids, {
          tenantId,
          account: fields.mobile,
          passwordHash,
          name: fields.name,
          realName: fields.name,
          phone: fields.mobile,
          email: fields.email,
          avatar,
          roleIds: role ? [role.id] : [],
          createUser: owner,
        });
      }
      const values = { ...fields, avatar, companyId: companyIds[company]!, status: disabled ? DISABLED : ENABLED, isDefault: isDefault ? 1 : 0, userId };
      await repo.insert(tx, actor, values, ctx.now());
    }
  }
}
