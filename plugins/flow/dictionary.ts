import type { DictionaryDecl } from '../../core/sdk/shared';

/**
 * The flow dictionary: a process's category is `flow_<key>`, and the entry's remark names the form
 * that starts, handles and shows it (`/work/process/<remark>/form|handle|detail/…`): BladeX's routeKey
 * `flow_<key>` and routeValue. A category whose form is not installed falls back to the general one.
 */
export const FLOW_DICTIONARY = 'flow';
export const GENERAL_FORM = 'general';

export const flowDictionary: DictionaryDecl = {
  code: FLOW_DICTIONARY,
  name: { zh: '流程类型', en: 'Process category' },
  items: [
    { key: '1', value: { zh: '请假流程', en: 'Leave' }, remark: 'leave' },
    { key: '2', value: { zh: '通用审批', en: 'General approval' }, remark: GENERAL_FORM },
  ],
};

/** `flow_1` → `1`; anything else → undefined. */
export const categoryKey = (category: string): string | undefined => /^flow_(\w+)$/.exec(category)?.[1];
