/**
 * The operations of the service as the editor lists them for request files: every row of the
 * operation table (common/api/operations.ts), with its request body's schema as JSON Schema
 * (zod's own conversion). Loaded on first use: activation needs none of it.
 */
import type { OperationShape } from './request-file';
import { loadApiSchemas } from '../service/lazy-schemas';

/** Every operation, in the table's order. */
export function listOperations(): OperationShape[] {
  const table = loadApiSchemas().operations as Readonly<Record<string, { title: string; method: string; path: string; deprecated?: boolean }>>;
  return Object.entries(table).map(([id, definition]) => ({ id, title: definition.title, method: definition.method, path: definition.path, ...(definition.deprecated ? { deprecated: true } : {}) }));
}

/** The operation named `id` (its table id, or its title, any case), or undefined. */
export function findOperation(id: string): OperationShape | undefined {
  const lower = id.toLowerCase();
  return listOperations().find((operation) => operation.id.toLowerCase() === lower || operation.title.toLowerCase() === lower);
}

/** The JSON Schema of `id`'s request body (as the caller writes it), or undefined when it takes none. */
export async function requestBodySchema(id: string): Promise<Record<string, unknown> | undefined> {
  const definition = (loadApiSchemas().operations as Readonly<Record<string, { request?: unknown }>>)[id];
  if (definition?.request === undefined) return undefined;
  const { toJSONSchema } = loadApiSchemas();
  // Input side: defaults are optional to the writer; what JSON Schema cannot say (transforms) is left open.
  return toJSONSchema(definition.request as Parameters<typeof toJSONSchema>[0], { io: 'input', unrepresentable: 'any', target: 'draft-7' }) as Record<string, unknown>;
}
