import { http } from '../../../core/sdk/home';
import type { BladeFlow, MessageFeed, MessageFeedItem } from '../../../core/sdk/shared';
import { FLOW_DICTIONARY } from '../dictionary';
import { formRemark, routesOf } from '../screens/work/form-paths';
import { TASK_FEED_ALL, TASK_FEED_PAGE_SIZE } from './links';

/**
 * The tasks waiting for the signed-in member (to do, and to claim), for the top bar's message tab, on
 * `/work/waiting` and `/work/waiting-count`. Loaded when the tab first needs it, not with the plugin.
 * Silent: the tab shows a failure itself, and the count's refresh in the background never toasts.
 */
const WORK = '/api/blade-flow/work';
const DICTIONARY = '/api/blade-system/dict/dictionary';
const CLAIM_LIST = '/work/claim';
/** How long the flow dictionary (which form a category has) is kept between pages. */
const DICTIONARY_KEPT_MS = 5 * 60_000;

interface DictEntry {
  dictKey: string | number;
  remark?: string;
}

let dictionary: { read: Promise<DictEntry[]>; at: number } | null = null;

/** The flow dictionary's entries; a failed read is not kept (the links then use the general form). */
function flowEntries(now = Date.now()): Promise<DictEntry[]> {
  if (!dictionary || now - dictionary.at > DICTIONARY_KEPT_MS) {
    const read = http
      .get<DictEntry[]>(DICTIONARY, { params: { code: FLOW_DICTIONARY }, silent: true })
      .then((answer) => (Array.isArray(answer.data) ? answer.data : []))
      .catch(() => {
        dictionary = null;
        return [];
      });
    dictionary = { read, at: now };
  }
  return dictionary.read;
}

/** A waiting task as an entry: its request and step, its category, since when, and where it is handled. */
export function taskEntry(task: BladeFlow, entries: readonly DictEntry[]): MessageFeedItem {
  const subject = task.variables?.title;
  const name = subject ? `${task.processDefinitionName}: ${String(subject)}` : task.processDefinitionName;
  const link =
    task.status === 'claim' ? CLAIM_LIST : routesOf(formRemark(task.category, entries, null)).handle(task.taskId, task.processInstanceId, task.businessId);
  return {
    id: task.taskId,
    title: task.taskName ? `${name} · ${task.taskName}` : name,
    tag: task.categoryName || undefined,
    time: task.createTime,
    link,
  };
}

export const taskFeed: MessageFeed = {
  pageSize: TASK_FEED_PAGE_SIZE,
  allLink: TASK_FEED_ALL,
  async page(n) {
    const [answer, entries] = await Promise.all([
      http.get<{ records: BladeFlow[]; total: number }>(`${WORK}/waiting`, { params: { current: n, size: TASK_FEED_PAGE_SIZE }, silent: true }),
      flowEntries(),
    ]);
    const records = answer.data?.records ?? [];
    return { items: records.map((task) => taskEntry(task, entries)), total: Number(answer.data?.total ?? records.length) };
  },
  async count() {
    return Number((await http.get<number>(`${WORK}/waiting-count`, { silent: true })).data) || 0;
  },
};
