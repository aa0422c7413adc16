import { z } from 'zod';
import { zodMessageText } from '../http/validate';
import type { EntityDef } from '../../schema/entity';
import type { LocalText } from '../i18n';
import type { Components } from './components';
import { pagingParameters, sortParameters } from './engine-operation';
import { filterParameters } from './entity-schemas';
import type { DocSchema, RouteDoc } from './describe';
import type { JsonSchema, Parameter } from './types';

type Texts = (text: LocalText) => string;

/** What one route contributes to its operation, before the document adds tags, security and errors. */
export interface OperationParts {
  summary: string;
  description?: string;
  parameters: Parameter[];
  /** A JSON body. */
  body?: JsonSchema;
  /** A multipart/form-data body. */
  multipart?: JsonSchema;
  /** The `data` of the R envelope (undefined: any). */
  data?: JsonSchema;
  /** An answer that is not the R envelope. */
  answer?: { contentType: string; schema?: JsonSchema; description?: string; error?: JsonSchema };
  client?: boolean;
  optionalToken?: boolean;
}

const TEXT = {
  form: { zh: '参数可放在查询串中，POST 时也可放在 urlencoded 或 multipart 表单中', en: 'Parameters go in the query string, or for a POST in a urlencoded or multipart form' },
} satisfies Record<string, LocalText>;

const isZod = (schema: DocSchema): schema is z.ZodType => schema instanceof z.ZodType;

/**
 * JSON Schema of a schema as a route gives it. A zod schema is converted on its input side (what a
 * caller sends; a preprocess step is read through to the schema after it), and what JSON Schema cannot
 * say (a transform's result) is left open rather than refused.
 */
export function jsonSchemaOf(schema: DocSchema, t: Texts): JsonSchema {
  const { $schema: _dialect, ...json } = isZod(schema) ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : schema;
  return localized(json, t) as JsonSchema;
}

/** A copy with every `description` in the caller's language (see `docText`). */
function localized(value: unknown, t: Texts): unknown {
  if (Array.isArray(value)) return value.map((item) => localized(item, t));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, key === 'description' && typeof item === 'string' ? t(zodMessageText(item)) : localized(item, t)]),
  );
}

/** An object schema's properties as parameters (anything else has none to give). */
export function parametersOf(schema: DocSchema | undefined, place: Parameter['in'], t: Texts): Parameter[] {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, t);
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: place, required: required.has(name), ...(description ? { description } : {}), schema: rest };
  });
}

/** `data` in an entity's shapes (`RouteDoc.returns`). */
function entityData(entity: EntityDef, returns: NonNullable<RouteDoc['returns']>, components: Components): JsonSchema {
  switch (returns) {
    case 'row':
      return components.row(entity);
    case 'rows':
      return { type: 'array', items: components.row(entity) };
    case 'page':
      return components.page(entity);
    case 'tree':
      return { type: 'array', items: components.treeRow(entity) };
    case 'nodes':
      return { type: 'array', items: components.treeNode() };
  }
}

/** The operation a hand-written route describes with `describeRoute`. */
export function routeOperation(doc: RouteDoc, t: Texts, components: Components): OperationParts {
  const notes = doc.description ? [t(doc.description)] : [];
  if (doc.params) notes.push(`${t(TEXT.form)}.`);
  const { entity } = doc;
  if ((doc.returns || doc.filters || doc.accepts) && !entity) throw new Error(`A route description names entity shapes without an entity: ${t(doc.summary)}`);
  const listQuery = entity && doc.filters ? [...(doc.returns === 'page' ? pagingParameters(t) : []), ...sortParameters(entity, t), ...filterParameters(entity, t)] : [];
  return {
    summary: t(doc.summary),
    description: notes.join('\n\n') || undefined,
    parameters: [
      ...parametersOf(doc.path, 'path', t),
      ...parametersOf(doc.query, 'query', t),
      ...parametersOf(doc.params, 'query', t),
      ...listQuery,
      ...parametersOf(doc.headers, 'header', t),
    ],
    body: doc.body ? jsonSchemaOf(doc.body, t) : entity && doc.accepts ? components.body(entity, doc.accepts, false) : undefined,
    multipart: doc.multipart ? jsonSchemaOf(doc.multipart, t) : undefined,
    data: doc.data ? jsonSchemaOf(doc.data, t) : entity && doc.returns ? entityData(entity, doc.returns, components) : undefined,
    answer: doc.answer
      ? {
          contentType: doc.answer.contentType,
          schema: doc.answer.schema ? jsonSchemaOf(doc.answer.schema, t) : undefined,
          description: doc.answer.description ? t(doc.answer.description) : undefined,
          error: doc.answer.error ? jsonSchemaOf(doc.answer.error, t) : undefined,
        }
      : undefined,
    client: doc.client,
    optionalToken: doc.optionalToken,
  };
}
