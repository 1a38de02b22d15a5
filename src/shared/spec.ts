// The bundled OpenAPI document (generated/openapi.json): the server's routing, validation and scopes come from it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { components } from '../../generated/openapi.js';

export type Scope = components['schemas']['Scope'];

const generatedDir = fileURLToPath(new URL('../../generated/', import.meta.url));

export const generatedFile = (name: string): string => `${generatedDir}${name}`;

export interface OpenApiDocument {
  info: { version: string };
  paths: Record<string, Record<string, { operationId?: string; security?: Record<string, string[]>[] }>>;
  components: { securitySchemes: { bearerAuth: { 'x-scopes': Record<string, string> } } };
  [key: string]: unknown;
}

let cached: OpenApiDocument | undefined;
export function openApiDocument(): OpenApiDocument {
  cached ??= JSON.parse(readFileSync(generatedFile('openapi.json'), 'utf8')) as OpenApiDocument;
  return cached;
}

/** Every scope the API knows, from the spec's `x-scopes`. */
export const allScopes = (): Scope[] => Object.keys(openApiDocument().components.securitySchemes.bearerAuth['x-scopes']) as Scope[];

/** The values of one of the spec's named enums (`components.schemas[name].enum`), as the document lists them. */
export function schemaEnum<T extends string>(name: string): T[] {
  const values = (openApiDocument().components as { schemas?: Record<string, { enum?: T[] }> }).schemas?.[name]?.enum;
  if (!values) throw new Error(`The OpenAPI document has no enum named ${name}.`);
  return values;
}
