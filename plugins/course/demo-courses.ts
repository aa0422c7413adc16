import { DEMO_TENANT, SEED } from '../../core/sdk/server';
import { COURSE_STATE } from './course/entity';
import { REGISTER_STATE } from './register/entity';

/**
 * The demo courses of each demo tenant, different in each: open ones (the first nearly full, 9 of its
 * 10 seats approved and more waiting), a free online one, a closed one starting soon, a finished one and
 * a draft. Times are days from the seed's day; each course lists how many registrations it has in each
 * state, the people coming from the tenant's list of names in turn.
 */

/** When, as days from the seed's day and a wall-clock time. */
export interface DemoTime {
  day: number;
  time: string;
}

export interface DemoCourse {
  title: string;
  teacher: string;
  category: number;
  cover: string;
  start: DemoTime;
  end: DemoTime;
  deadline: DemoTime;
  place?: string;
  onlineUrl?: string;
  capacity: number;
  price: number;
  status: number;
  introduction: string;
  /** How many registrations in each state. */
  registrations: Partial<Record<number, number>>;
}

export interface DemoTenantCourses {
  owner: string;
  /** Mobile numbers of the tenant's demo people start with this. */
  mobilePrefix: string;
  people: readonly string[];
  companies: readonly string[];
  positions: readonly string[];
  courses: readonly DemoCourse[];
}

const { pending, approved, refused, cancelled, attended } = REGISTER_STATE;

const intro = (...paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join('');

export const DEMO_COURSES: Readonly<Record<string, DemoTenantCourses>> = {
  '000000': {
    owner: SEED.adminUserId,
    mobilePrefix: '1380013',
    people: ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨帆', '赵磊', '黄敏', '周杰', '吴婷', '徐鹏', '孙悦', '马超', '朱琳', '胡斌', '郭蕾', '何军', '高倩', '林峰', '罗雪'],
    companies: ['布雷德科技', '云帆网络', '星河传媒', '瑞丰贸易', '博远咨询', '青禾教育'],
    positions: ['产品经理', '市场总监', '销售主管', '财务经理', '技术负责人', '人事专员', '运营经理'],
    courses: [
      {
        title: '高效团队管理实战',
        teacher: '王建国',
        category: 1,
        cover: 'course-1.jpg',
        start: { day: 10, time: '09:00:00' },
        end: { day: 10, time: '17:00:00' },
        deadline: { day: 8, time: '18:00:00' },
        place: '上海市浦东新区张江高科技园区碧波路 690 号 3 楼培训室',
        capacity: 10,
        price: 199_900,
        status: COURSE_STATE.open,
        introduction: intro('面向新晋管理者的一天实战课：目标拆解、任务委派、一对一沟通与绩效反馈。', '小班授课，名额 10 人，含案例演练与课后辅导。'),
        registrations: { [approved]: 9, [pending]: 3 },
      },
      {
        title: '数字营销增长训练营',
        teacher: '李思远',
        category: 2,
        cover: 'course-2.jpg',
        start: { day: 14, time: '09:30:00' },
        end: { day: 15, time: '17:30:00' },
        deadline: { day: 12, time: '23:59:00' },
        place: '上海市徐汇区漕河泾开发区宜山路 700 号 B 座 12 楼',
        capacity: 40,
        price: 89_900,
        status: COURSE_STATE.open,
        introduction: intro('两天掌握内容营销、私域运营与投放复盘的完整方法。', '课程提供增长模型模板与实操作业。'),
        registrations: { [approved]: 6, [pending]: 4, [refused]: 2, [cancelled]: 1 },
      },
      {
        title: 'TypeScript 工程化进阶',
        teacher: '陈晓峰',
        category: 3,
        cover: 'course-3.jpg',
        start: { day: 5, time: '19:30:00' },
        end: { day: 5, time: '21:30:00' },
        deadline: { day: 5, time: '12:00:00' },
        onlineUrl: 'https://live.example.com/room/ts-advanced',
        capacity: 100,
        price: 0,
        status: COURSE_STATE.open,
        introduction: intro('线上直播：类型设计、严格模式迁移、单仓多包与构建提速。', '免费公开课，报名通过后发送直播链接。'),
        registrations: { [approved]: 3, [pending]: 2 },
      },
      {
        title: '财务报表分析入门',
        teacher: '周文华',
        category: 4,
        cover: 'course-4.jpg',
        start: { day: 3, time: '09:00:00' },
        end: { day: 3, time: '12:00:00' },
        deadline: { day: -1, time: '18:00:00' },
        place: '上海市黄浦区南京东路 300 号恒基名人商业大厦 8 楼',
        capacity: 30,
        price: 49_900,
        status: COURSE_STATE.closed,
        introduction: intro('读懂资产负债表、利润表与现金流量表，识别常见财务风险。'),
        registrations: { [approved]: 5, [refused]: 1, [pending]: 1 },
      },
      {
        title: '大客户销售谈判技巧',
        teacher: '刘海明',
        category: 2,
        cover: 'course-5.jpg',
        start: { day: -20, time: '09:00:00' },
        end: { day: -19, time: '17:00:00' },
        deadline: { day: -23, time: '18:00:00' },
        place: '上海市静安区南京西路 1266 号恒隆广场 2 座 20 楼',
        capacity: 20,
        price: 129_900,
        status: COURSE_STATE.finished,
        introduction: intro('从需求挖掘到价格谈判，两天演练大客户销售的关键场景。'),
        registrations: { [attended]: 4, [approved]: 1, [cancelled]: 1 },
      },
      {
        title: '新任经理领导力',
        teacher: '王建国',
        category: 1,
        cover: 'course-6.jpg',
        start: { day: 30, time: '09:00:00' },
        end: { day: 31, time: '17:00:00' },
        deadline: { day: 27, time: '18:00:00' },
        place: '上海市浦东新区张江高科技园区碧波路 690 号 3 楼培训室',
        capacity: 24,
        price: 299_900,
        status: COURSE_STATE.draft,
        introduction: intro('角色转变、团队激励与跨部门协作，课程大纲完善中。'),
        registrations: {},
      },
    ],
  },
  [DEMO_TENANT.tenantId]: {
    owner: DEMO_TENANT.adminUserId,
    mobilePrefix: '1390021',
    people: ['郑凯', '谢琳', '韩冰', '唐亮', '冯雨', '于洋', '董慧', '萧然', '程浩', '曹颖', '袁野', '邓洁', '许诺', '傅晨', '沈珂', '曾雯', '彭程', '吕萌', '苏航', '蒋欣'],
    companies: ['演示租户', '锦程物流', '安和医疗', '晨光零售', '汇智软件'],
    positions: ['门店店长', '运营专员', '客服主管', '数据分析师', '安全员', '行政经理'],
    courses: [
      {
        title: '门店运营与客户服务',
        teacher: '孙丽华',
        category: 1,
        cover: 'course-5.jpg',
        start: { day: 9, time: '13:30:00' },
        end: { day: 9, time: '17:30:00' },
        deadline: { day: 7, time: '18:00:00' },
        place: '杭州市西湖区文三路 398 号东信大厦 6 楼',
        capacity: 10,
        price: 59_900,
        status: COURSE_STATE.open,
        introduction: intro('门店日常运营、客诉处理与会员服务的标准流程。'),
        registrations: { [approved]: 9, [pending]: 2 },
      },
      {
        title: '短视频内容营销',
        teacher: '林可欣',
        category: 2,
        cover: 'course-2.jpg',
        start: { day: 12, time: '09:00:00' },
        end: { day: 12, time: '17:00:00' },
        deadline: { day: 10, time: '23:59:00' },
        place: '杭州市滨江区网商路 699 号',
        capacity: 50,
        price: 39_900,
        status: COURSE_STATE.open,
        introduction: intro('从选题、拍摄到投放，一天做出可复用的短视频内容方案。'),
        registrations: { [approved]: 5, [pending]: 5, [refused]: 1, [cancelled]: 2 },
      },
      {
        title: '数据分析与 Excel 实战',
        teacher: '赵明轩',
        category: 3,
        cover: 'course-3.jpg',
        start: { day: 6, time: '20:00:00' },
        end: { day: 6, time: '21:30:00' },
        deadline: { day: 6, time: '12:00:00' },
        onlineUrl: 'https://meeting.example.com/j/excel-data',
        capacity: 200,
        price: 0,
        status: COURSE_STATE.open,
        introduction: intro('线上课程：数据透视表、常用函数与可视化图表。'),
        registrations: { [approved]: 4, [pending]: 3 },
      },
      {
        title: '企业税务筹划实务',
        teacher: '钱宏',
        category: 4,
        cover: 'course-4.jpg',
        start: { day: 2, time: '09:30:00' },
        end: { day: 2, time: '16:30:00' },
        deadline: { day: -2, time: '18:00:00' },
        place: '杭州市上城区钱江路 1366 号华润大厦 A 座 15 楼',
        capacity: 25,
        price: 69_900,
        status: COURSE_STATE.closed,
        introduction: intro('增值税与企业所得税的筹划要点，附真实案例拆解。'),
        registrations: { [approved]: 6, [refused]: 2 },
      },
      {
        title: '安全生产管理培训',
        teacher: '何志强',
        category: 1,
        cover: 'course-1.jpg',
        start: { day: -12, time: '09:00:00' },
        end: { day: -12, time: '17:00:00' },
        deadline: { day: -15, time: '18:00:00' },
        place: '杭州市萧山区建设一路 66 号',
        capacity: 40,
        price: 0,
        status: COURSE_STATE.finished,
        introduction: intro('安全生产责任制、隐患排查与应急演练。'),
        registrations: { [attended]: 5, [cancelled]: 1 },
      },
      {
        title: 'AI 办公效率提升',
        teacher: '赵明轩',
        category: 3,
        cover: 'course-6.jpg',
        start: { day: 25, time: '19:00:00' },
        end: { day: 25, time: '21:00:00' },
        deadline: { day: 24, time: '12:00:00' },
        onlineUrl: 'https://meeting.example.com/j/ai-office',
        capacity: 300,
        price: 19_900,
        status: COURSE_STATE.draft,
        introduction: intro('用 AI 助手写作、整理表格与会议纪要，课程筹备中。'),
        registrations: {},
      },
    ],
  },
};
