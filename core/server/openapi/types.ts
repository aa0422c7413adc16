/**
 * The parts of an OpenAPI 3.1 document this server writes (schemas are JSON Schema 2020-12, which is what
 * OpenAPI 3.1 uses and what zod's `toJSONSchema` emits).
 */

/** A JSON Schema: plain data, nested as JSON Schema nests it. */
export interface JsonSchema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null' | readonly ('string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null')[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: readonly (string | number | null)[];
  const?: string | number | boolean | null;
  pattern?: string;
  format?: string;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: string | number | boolean | null;
  examples?: readonly unknown[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  [keyword: string]: unknown;
}

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  description?: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface MediaType {
  schema: JsonSchema;
}

export interface RequestBody {
  description?: string;
  required?: boolean;
  content: Record<string, MediaType>;
}

export interface Response {
  description: string;
  content?: Record<string, MediaType>;
}

export type SecurityRequirement = Record<string, string[]>;

export interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: RequestBody;
  responses: Record<string, Response>;
  security: SecurityRequirement[];
}

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';

export type PathItem = Partial<Record<HttpMethod, Operation>>;

export interface SecurityScheme {
  type: 'apiKey' | 'http';
  description?: string;
  name?: string;
  in?: 'header' | 'query';
  scheme?: string;
}

export interface Tag {
  name: string;
  description?: string;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  servers: { url: string; description?: string }[];
  tags: Tag[];
  paths: Record<string, PathItem>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, SecurityScheme> };
}
