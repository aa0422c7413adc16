import type { LocalText } from '../../../core/sdk/shared';

/** The notice server's own refusals, in both languages. */
export const NOTICE_MSG = {
  noParameters: (name: string): LocalText => ({ zh: `此操作不接受参数: ${name}`, en: `This call takes no parameter: ${name}` }),
  /** A notice the caller may not read in the popover: missing, another tenant's, a draft or not yet released. */
  notVisible: { zh: '通知不存在或尚未发布', en: 'The notice does not exist or is not published yet' } satisfies LocalText,
};
