import { z } from 'zod';
import { docText, isBigintId, zodMessage } from '../../../core/sdk/server';
import { isGrantState, MAX_GRANT_DAYS, MIN_GRANT_DAYS, VISITOR_ID_PATTERN } from './grant-states';
import { ATTACH_MSG } from './server-messages';

/**
 * The inputs of the attachment endpoints as zod schemas: what they parse with is what the API
 * description shows. A bad value answers 400 naming its field (`请求参数格式错误: visitorId`).
 */

/** Query and JSON values arrive as text or numbers alike; "" is absent. */
const text = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() || undefined : v);
const whole = (v: unknown) => (typeof v === 'string' && /^-?\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : v === '' ? undefined : v);

export const rowId = z.preprocess(text, z.string().regex(/^[1-9]\d{0,18}$/).refine(isBigintId));
export const visitorId = z.preprocess(text, z.string().regex(VISITOR_ID_PATTERN)).describe(docText({ zh: '访客标识（8–64 位字母、数字、_ 或 -）', en: 'The visitor id (8–64 letters, digits, _ or -)' }));
const state = z.preprocess(whole, z.number().int().refine(isGrantState)).describe(docText({ zh: '目标状态：1 授权，2 拒绝或撤销', en: 'The state to move to: 1 granted, 2 refused or revoked' }));
const days = z
  .preprocess(whole, z.number({ message: zodMessage(ATTACH_MSG.daysRequired) }).int(zodMessage(ATTACH_MSG.daysRequired)).min(MIN_GRANT_DAYS, zodMessage(ATTACH_MSG.daysRequired)).max(MAX_GRANT_DAYS, zodMessage(ATTACH_MSG.daysRequired)).optional())
  .describe(docText({ zh: '授权天数（授权时必填，1–365）', en: 'Days the grant lasts (required to grant, 1–365)' }));

/** `get/authorizationVisit`: whose grants (at least one filter). */
export const grantsQuery = z.object({
  visitorId: visitorId.optional(),
  attachId: rowId.optional().describe(docText({ zh: '附件主键', en: 'An attachment id' })),
  staffId: rowId.optional().describe(docText({ zh: '员工主键', en: 'A staff id' })),
});

/** `save/authorizationVisit`: one decision, on a grant by id or on a visitor and an attachment. */
export const decisionBody = z.object({
  id: rowId.optional().describe(docText({ zh: '授权记录主键（处理访客的申请）', en: "A grant's id (deciding on a visitor's request)" })),
  attachId: rowId.optional().describe(docText({ zh: '附件主键（直接授权，与 visitorId 一起）', en: 'An attachment id (granting directly, with visitorId)' })),
  visitorId: visitorId.optional(),
  state,
  days,
});

/** `save/multiFile/authorizationVisit`: one decision for several attachments of one visitor. */
export const multiDecisionBody = z.object({
  visitorId,
  attachIds: z
    .preprocess((v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v), z.array(rowId).min(1).max(50))
    .describe(docText({ zh: '附件主键（数组，或逗号分隔）', en: 'Attachment ids (an array, or comma-joined)' })),
  state,
  days,
});

/** A grant as `get/authorizationVisit` answers it (for the API description). */
export const grantDoc = z.object({
  id: z.string(),
  attachId: z.string(),
  attachName: z.string(),
  fileType: z.string(),
  staffId: z.string(),
  visitorId: z.string(),
  visitorNick: z.string(),
  state: z.number().describe(docText({ zh: '当前状态：0 待授权，1 已授权，2 已拒绝，3 已过期', en: 'The state as of now: 0 requested, 1 granted, 2 refused, 3 expired' })),
  days: z.number().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string(),
  decidedBy: z.string(),
  decidedByName: z.string(),
  expiresAt: z.string(),
  secondsLeft: z.number().nullable(),
});

/** Control and direction-changing characters: a nick name is shown as plain text, in order. */
// eslint-disable-next-line no-control-regex -- these are the characters it removes
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The card front end's calls: the card's signed token, the visitor, the attachment. */
export const cardToken = z.preprocess(text, z.string().max(512)).describe(docText({ zh: '名片链接中的签名令牌 t', en: "The signed token t of the card's link" }));

export const visitorRequestBody = z.object({
  t: cardToken,
  visitorId,
  nickName: z
    .preprocess((v) => (typeof v === 'string' ? v.replace(UNPRINTABLE, '').trim() || undefined : v), z.string().max(64).optional())
    .describe(docText({ zh: '访客昵称', en: "The visitor's nick name" })),
  attachId: rowId.describe(docText({ zh: '附件主键', en: 'An attachment id' })),
});

export const visitorFileQuery = z.object({ t: cardToken, visitorId, attachId: rowId.describe(docText({ zh: '附件主键', en: 'An attachment id' })) });
