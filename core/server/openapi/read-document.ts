import { openApiPath } from './document';
import type { JsonSchema, OpenApiDocument, Operation } from './types';

/** The operation of a route as the server mounts it (`GET /api/blade-system/param/list`), or undefined. */
export function operationOf(doc: OpenApiDocument, method: string, path: string): Operation | undefined {
  return doc.paths[openApiPath(path.replace(/^\/api(?=\/)/, '')).path]?.[method.toLowerCase() as 'get' | 'post'];
}

/** A `#/components/schemas/…` reference followed one step; any other schema as it is. */
export function resolveSchema(doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema {
  return schema?.$ref ? doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')]! : (schema ?? {});
}
