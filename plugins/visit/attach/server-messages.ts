import type { LocalText } from '../../../core/sdk/server';
import { GRANT_STATE_NAMES, type GrantState } from './grant-states';

/** What the attachment endpoints answer people, in both languages. */
export const ATTACH_MSG = {
  attachNotFound: { zh: '附件不存在', en: 'The attachment does not exist' },
  grantNotFound: { zh: '授权记录不存在', en: 'The grant does not exist' },
  staffNotFound: { zh: '员工不存在', en: 'The staff member does not exist' },
  fileNotOurs: { zh: '请先上传附件文件', en: 'Upload the file first' },
  daysRequired: { zh: '授权天数须为 1 到 365 之间的整数', en: 'Days must be a whole number from 1 to 365' },
  target: { zh: '请指定授权记录 id，或附件 attachId 与访客 visitorId', en: 'Give the grant’s id, or an attachId and a visitorId' },
  filter: { zh: '请指定访客 visitorId、附件 attachId 或员工 staffId', en: 'Give a visitorId, an attachId or a staffId' },
  noGrant: { zh: '未获授权或授权已过期，请先申请查看', en: 'You have no live grant for this file: ask to see it first' },
} as const satisfies Record<string, LocalText>;

/** A move the state machine does not allow, naming both states. */
export function moveRefused(from: GrantState, to: GrantState): LocalText {
  const a = GRANT_STATE_NAMES[from];
  const b = GRANT_STATE_NAMES[to];
  return { zh: `不能从「${a.zh}」变为「${b.zh}」`, en: `A grant cannot go from “${a.en}” to “${b.en}”` };
}

/** A refusal about one of several files, naming it. */
export function aboutFile(name: string, text: LocalText): LocalText {
  return { zh: `「${name}」：${text.zh}`, en: `“${name}”: ${text.en}` };
}
