import { z } from 'zod';
import { docText, isBigintId, type LocalText, MSG, TENANT_ID, zodMessage } from '../../../core/sdk/server';
import { ADMIN_MSG } from './texts';

/** The administration's parameters, each validated with a message in the caller's language. */

/** A model's key, which is also its process's id in the XML and its definitions' key. */
export const MODEL_KEY = /^[A-Za-z_][\w.-]{0,63}$/;
/** `<process key>:<version>:<deployment id>`. */
const DEFINITION_ID = /^[A-Za-z_][\w.-]{0,63}:\d{1,9}:\d{1,19}$/;
/** The most ids one call names. */
const MAX_LIST = 100;

const trimmed = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() || undefined : v);
const wholeNumber = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : v) : v);
const list = (v: unknown) =>
  typeof v === 'string'
    ? [
        ...new Set(
          v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ]
    : v;

/** A bigint id as text. */
export const idParam = (doc: LocalText) =>
  z
    .preprocess(trimmed, z.string().regex(/^[1-9]\d{0,18}$/).refine(isBigintId))
    .describe(docText(doc));

/** A comma list of bigint ids, at least one; a bad one is refused naming the parameter. */
export const idListParam = (name: string, doc: LocalText) =>
  z
    .preprocess(list, z.array(z.string().regex(/^[1-9]\d{0,18}$/, { message: zodMessage(MSG.badFormat(name)) }).refine(isBigintId, { message: zodMessage(MSG.badFormat(name)) })).min(1).max(MAX_LIST))
    .describe(docText(doc));

export const modelKeyParam = z.preprocess(trimmed, z.string().regex(MODEL_KEY, { message: zodMessage(ADMIN_MSG.modelKey) }));

export const definitionIdParam = z
  .preprocess(trimmed, z.string().max(160).regex(DEFINITION_ID))
  .describe(docText({ zh: '流程定义主键 <流程标识>:<版本>:<部署主键>', en: 'Process definition id <process key>:<version>:<deployment id>' }));

/** A flow category, `flow_<dictionary key>`; whether the dictionary has it is checked where it is used. */
export const categoryParam = z
  .preprocess(trimmed, z.string().max(64).regex(/^flow_\w{1,60}$/))
  .describe(docText({ zh: '流程分类：flow_<流程字典的键>，如 flow_2', en: 'Process category: flow_<key of the flow dictionary>, e.g. flow_2' }));

export const tenantIdsParam = z
  .preprocess(list, z.array(z.string().regex(TENANT_ID, { message: zodMessage(MSG.badFormat('tenantIds')) })).min(1).max(MAX_LIST))
  .describe(docText({ zh: '租户编号，逗号分隔，至少一个', en: 'Tenant ids, comma-joined, at least one' }));

export const tenantIdFilter = z
  .preprocess(trimmed, z.string().regex(TENANT_ID).optional())
  .describe(docText({ zh: '只看这个租户的', en: "Only this tenant's" }));

export const pageQuery = {
  current: z.preprocess(wholeNumber, z.number().int().min(1).optional()).describe(docText({ zh: '页码（默认 1）', en: 'Page (default 1)' })),
  size: z.preprocess(wholeNumber, z.number().int().min(1).max(500).optional()).describe(docText({ zh: '每页条数（默认 10，最多 500）', en: 'Per page (default 10, at most 500)' })),
};

/** An optional text filter (a part of a name). */
export const textFilter = (max: number, doc: LocalText) => z.preprocess(trimmed, z.string().max(max).optional()).describe(docText(doc));

/** `%text%` for `ilike`, its own `%`, `_` and `\` matched literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
