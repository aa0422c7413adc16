import { DEMO_TENANT } from '../../core/sdk/server';

/**
 * The demo visitors of each demo tenant, by number (the low numbers are the regulars): the visits' seed
 * and the attachments' seed both name them through here, so a demo grant's visitor is one of the demo
 * visits' visitors, with the same id and nick name.
 */

const NICKS = [
  '晴天', '阿杰', 'Lily', '小鱼儿', '王先生', '陈女士', '海阔天空', '平安是福', 'Kevin', '张工', '李总', '刘经理', '静水流深', '向日葵', '追光者', '老周',
  '一帆风顺', '知足常乐', '微笑向暖', 'Amy', 'Tony', '赵姐', '孙老师', '杨帆', '心如止水', '林小姐', '吴总', '周周', '明天会更好', '星辰大海', '大鹏', '木子',
  '晓风', 'Grace', '麦兜', '花开半夏', '老陈', '许先生', '郭工', '马到成功', '云淡风轻', '小米', 'Jason', '芒果', '安然', '慧慧', '茶小白', '宋哥',
];

export interface DemoVisitors {
  /** Seeds the tenant's demo generator, and makes its visitor ids its own. */
  seed: number;
  /** The opaque id of visitor `n` (what a hashed open id looks like). */
  idOf: (n: number) => string;
  nickOf: (n: number) => string;
}

const visitors = (seed: number, nicks: readonly string[]): DemoVisitors => ({
  seed,
  idOf: (n) => `wx_${(seed ^ (n * 2654435761)).toString(36).replace('-', 'n')}${n.toString(36).padStart(4, '0')}`,
  nickOf: (n) => nicks[n % nicks.length]!,
});

/** Each demo tenant's visitors; the two differ in ids and in who has which nick name. */
export const DEMO_VISITORS: Readonly<Record<string, DemoVisitors>> = {
  '000000': visitors(20240611, NICKS),
  [DEMO_TENANT.tenantId]: visitors(20240917, [...NICKS].reverse()),
};
