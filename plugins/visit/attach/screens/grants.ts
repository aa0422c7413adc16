import { http, invalidateResource, query, resourceKey, type Query, type RowOf, type TFunction } from '../../../../core/sdk/browser';
import type { Grant } from '../grant-states';
import { attachEntity } from '../index';

export type { Grant } from '../grant-states';

/** An attachment as the list gives it. */
export type AttachRow = RowOf<typeof attachEntity>;

const GRANTS_URL = '/api/visit/attach/get/authorizationVisit';
const SAVE_URL = '/api/visit/attach/save/authorizationVisit';
const MULTI_URL = '/api/visit/attach/save/multiFile/authorizationVisit';

/**
 * Grants are part of the attachments' resource: a decision reloads the list (its counts) and every open
 * view of grants at once.
 */
export const grantsQuery = (params: { attachId?: string; staffId?: string; visitorId?: string }): Query<Grant[]> =>
  query<Grant[]>(resourceKey(attachEntity), GRANTS_URL, { params, select: (data) => (Array.isArray(data) ? (data as Grant[]) : []) });

/** One decision: on a request by id, or directly on a visitor and an attachment. */
export type DecisionBody = { id: string; state: 1 | 2; days?: number } | { attachId: string; visitorId: string; state: 1 | 2; days?: number };

export async function decide(body: DecisionBody): Promise<void> {
  await http.post(SAVE_URL, body);
  await invalidateResource(attachEntity);
}

export async function decideMany(body: { visitorId: string; attachIds: string[]; state: 1 | 2; days?: number }): Promise<void> {
  await http.post(MULTI_URL, body);
  await invalidateResource(attachEntity);
}

const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * "还剩 3 天" / "3 days left": whole days from a little under a day on (a grant of one day just given is
 * "1 day left", not "23 hours"), then hours, then minutes.
 */
export function timeLeft(t: TFunction, seconds: number): string {
  const count = (key: string, n: number) => t(n === 1 ? `visit.attach.${key}One` : `visit.attach.${key}`, { count: n });
  if (seconds >= DAY - HOUR) return count('daysLeft', Math.max(1, Math.round(seconds / DAY)));
  if (seconds >= HOUR) return count('hoursLeft', Math.floor(seconds / HOUR));
  return count('minutesLeft', Math.max(1, Math.ceil(seconds / 60)));
}

/** A number of days, said in the current language. */
export const daysText = (t: TFunction, days: number) => t(days === 1 ? 'visit.attach.daysOne' : 'visit.attach.days', { count: days });

/** A file size as people read it. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** The visitor as the staff side knows them: the nick name, else the id. */
export const visitorName = (grant: Pick<Grant, 'visitorNick' | 'visitorId'>) => grant.visitorNick || grant.visitorId;
