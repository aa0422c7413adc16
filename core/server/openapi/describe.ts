import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { EntityDef } from '../../schema/entity';
import { zodMessage } from '../http/validate';
import type { LocalText } from '../i18n';
import type { JsonSchema } from './types';

/**
 * What a route says about itself for the API description (/api/openapi.json). The description travels
 * with the route's own handlers, so it is found wherever the route is mounted (the kernel's app, or a
 * plugin's routes copied onto it) and can never describe a route that is not there:
 * - a hand-written route puts `describeRoute({ … })` before its handler, giving the zod schemas it
 *   validates with (`api.get('/x', describeRoute({ summary, query: xQuery }), handler)`), or the entity
 *   whose rows, filters or body it speaks;
 * - the CRUD engine describes the endpoints it mounts from the entity definition (`describeEngineRoute`).
 */

/** A schema as a route gives it: the zod schema it parses with, or JSON Schema written out. */
export type DocSchema = z.ZodType | JsonSchema;

/**
 * A description inside a schema in both languages (`z.string().describe(docText({ zh, en }))`, or a JSON
 * Schema's `description`): the document shows the caller's. Written as zod messages are (see zodMessage).
 */
export const docText = (text: LocalText): string => zodMessage(text);

/** A page of `item`s as a list call answers it (MyBatis-Plus's IPage: records, total, size, current, pages). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ records: z.array(item), total: z.number().int(), size: z.number().int(), current: z.number().int(), pages: z.number().int() });

export interface RouteDoc {
  /** One line: what the route does. */
  summary: LocalText;
  /** More: who may call it, what it changes, what it refuses. */
  description?: LocalText;
  /** What the path's parameters (`:name`) hold (an object schema; default: any text). */
  path?: DocSchema;
  /** Query-string parameters (an object schema). */
  query?: DocSchema;
  /** Parameters read from the query string or a urlencoded/multipart form (`readParams`), as BladeX's `@RequestParam`. */
  params?: DocSchema;
  /** Request headers besides the credentials (an object schema). */
  headers?: DocSchema;
  /** A JSON body. */
  body?: DocSchema;
  /** A multipart/form-data body (an object schema; a file is `{ type: 'string', format: 'binary' }`). */
  multipart?: DocSchema;
  /** The `data` of the R envelope `{ code, success, data, msg }` it answers (default: any). */
  data?: DocSchema;
  /** It answers something other than the R envelope: its JSON schema, or another content type (`error`: its refusals' body). */
  answer?: { contentType: string; schema?: DocSchema; description?: LocalText; error?: DocSchema };
  /** The entity whose shapes the route speaks, for `returns`, `filters` and `accepts`. */
  entity?: EntityDef;
  /** `data` in the entity's shapes: a row, rows, a page of rows, tree rows (nested), or tree nodes (choices). */
  returns?: 'row' | 'rows' | 'page' | 'tree' | 'nodes';
  /** The query takes the entity's list filters and sort keys (and paging, when it returns a page). */
  filters?: true;
  /** A JSON body as the entity's save takes it. */
  accepts?: 'submit' | 'save' | 'update';
  /** The caller authenticates as an OAuth client (`Authorization: Basic base64(clientId:secret)`). */
  client?: true;
  /** A public route that also reads the caller's token when one is sent (sign-out ends that session). */
  optionalToken?: true;
}

/** The engine's endpoint kinds (a view is described as what it is a view of). */
export type EngineAction = 'list' | 'detail' | 'submit' | 'save' | 'update' | 'remove' | 'lazy-list' | 'tree' | 'lazy-tree';

export interface EngineRouteDoc {
  entity: EntityDef;
  action: EngineAction;
  /** The path's last segment when it is a view of the list (`menu-list`). */
  view?: string;
  /** Query parameters of the list that are no field's filter (`MountCrudOptions.params`). */
  extraParams?: readonly string[];
  /** The super administrator may address another tenant with `tenantId`. */
  otherTenants?: boolean;
  /** Who may call it, when the engine's rule is known. */
  access?: LocalText;
}

export type RouteDescription = { kind: 'route'; doc: RouteDoc } | { kind: 'engine'; doc: EngineRouteDoc };

// Keyed by the handler function: hono's route table keeps the very functions it was given.
const descriptions = new WeakMap<object, RouteDescription>();

/**
 * A middleware that only carries the route's description (it calls `next()` and nothing else): put it
 * first among the route's handlers.
 */
export function describeRoute(doc: RouteDoc): MiddlewareHandler {
  const carrier: MiddlewareHandler = (_c, next) => next();
  descriptions.set(carrier, { kind: 'route', doc });
  return carrier;
}

/** Marks a handler the engine mounted as the given endpoint of an entity. */
export function describeEngineRoute(handler: object, doc: EngineRouteDoc): void {
  descriptions.set(handler, { kind: 'engine', doc });
}

/** The description a handler carries, if any. */
export function descriptionOf(handler: object): RouteDescription | undefined {
  return descriptions.get(handler);
}

/**
 * An object schema of text parameters, each with its description in both languages; a name ending in `!`
 * is required (`textParams({ 'roleIds!': { zh: '角色主键，逗号分隔', en: 'Role ids, comma-joined' } })`).
 */
export function textParams(params: Readonly<Record<string, LocalText>>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [key, text] of Object.entries(params)) {
    const name = key.endsWith('!') ? key.slice(0, -1) : key;
    if (name !== key) required.push(name);
    properties[name] = { type: 'string', description: docText(text) };
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}
