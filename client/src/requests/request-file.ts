/**
 * A service request as a file: `<operation>.iqlrequest.json` names one operation of the
 * table, its path parameters, query parameters and body, and a `$schema` (served by
 * schema-documents.ts) that makes the editor complete and check them while the user types.
 * "Send Request" sends it and shows the answer. This is how every operation of the service,
 * including those without a view or command of their own, is reachable from the editor.
 * Pure text work here; no 'vscode'.
 */
import { findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { decodeSchemaAddress, SCHEMA_SCHEME, type FileProblem } from '../schemas/json-file-text';
import { asRecord, starterObject } from './json-schema-starter';

export const REQUEST_FILE_SUFFIX = '.iqlrequest.json';

/** What a request file says. */
export interface RequestDraft {
  readonly operation: string;
  readonly profile?: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
}

/** What the file needs to know of an operation (a row of the table). */
export interface OperationShape {
  readonly id: string;
  readonly title: string;
  readonly method: string;
  readonly path: string;
  readonly deprecated?: boolean;
}

export type RequestRead = { readonly ok: true; readonly draft: RequestDraft } | { readonly ok: false; readonly problems: readonly FileProblem[] };

export function requestSchemaAddress(profile: string, operation: string): string {
  return `${SCHEMA_SCHEME}:/${encodeURIComponent(profile)}/operations/${encodeURIComponent(operation)}.schema.json`;
}

export function parseRequestSchemaAddress(address: string): { readonly profile: string; readonly operation: string } | undefined {
  const parts = decodeSchemaAddress(address, /^iql-schema:\/([^/]+)\/operations\/([^/]+)\.schema\.json$/);
  return parts === undefined ? undefined : { profile: parts[0]!, operation: parts[1]! };
}

/** The names of an operation's path parameters, in order: `{collaboration_id}` → `collaboration_id`. */
export function pathParameterNames(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

/** Whether sending loses something (a DELETE, or closing or leaving): the editor asks first. */
export function isDestructive(operation: Pick<OperationShape, 'method' | 'path'>): boolean {
  return operation.method === 'DELETE' || /\/(close|leave)$/.test(operation.path);
}

/** A new request file for `operation`, its body started from the request schema (undefined: no body). */
export function newRequestFileText(profile: string, operation: OperationShape, bodySchema: unknown): string {
  const file: Record<string, unknown> = {
    $schema: requestSchemaAddress(profile, operation.id),
    operation: operation.id,
    path: Object.fromEntries(pathParameterNames(operation.path).map((name) => [name, ''])),
    query: {},
  };
  if (bodySchema !== undefined) file.body = starterObject(bodySchema);
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** The file's schema: the operation fixed, its path parameters required strings, its body the request schema. */
export function requestFileSchema(operation: OperationShape, bodySchema: unknown): Record<string, unknown> {
  const names = pathParameterNames(operation.path);
  const body = asRecord(bodySchema);
  const properties: Record<string, unknown> = {
    $schema: { type: 'string' },
    operation: { const: operation.id, description: `${operation.title}: ${operation.method} ${operation.path}${operation.deprecated ? ' (deprecated by the service)' : ''}` },
    path: {
      type: 'object',
      additionalProperties: false,
      required: names,
      properties: Object.fromEntries(names.map((name) => [name, { type: 'string', minLength: 1, description: `The {${name}} of ${operation.path}` }])),
    },
    query: {
      type: 'object',
      description: 'Query parameters, e.g. "pagination.page": 2, "filter": "…", "order_by": "…".',
      additionalProperties: { type: ['string', 'number', 'boolean', 'array'] },
    },
  };
  if (body !== undefined) {
    const rest = { ...body };
    delete rest.$schema;
    properties.body = rest;
  }
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: `${operation.title} (${operation.method} ${operation.path})`,
    type: 'object',
    additionalProperties: false,
    required: ['operation', 'path', ...(body !== undefined ? ['body'] : [])],
    properties,
  };
}

/** Reads a request file; every problem says what to write. Never throws. */
export function readRequestFile(text: string): RequestRead {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length > 0 || root === undefined) {
    const first = errors[0];
    return { ok: false, problems: [{ offset: first?.offset ?? 0, length: first?.length ?? 0, message: first ? `Not valid JSON here (${printParseErrorCode(first.error)}).` : 'The file is empty: it should hold a request object.' }] };
  }
  const value = asRecord(JSON.parse(JSON.stringify(getNodeValue(root))));
  const problems: FileProblem[] = [];
  const at = (key: string): { offset: number; length: number } => {
    const node = findNodeAtLocation(root, [key]);
    return node ? { offset: node.offset, length: node.length } : { offset: root.offset, length: 1 };
  };
  if (value === undefined) return { ok: false, problems: [{ ...at(''), message: 'A request file holds one JSON object with operation, path, query and body.' }] };
  const operation = value.operation;
  if (typeof operation !== 'string' || operation === '') problems.push({ ...at('operation'), message: '"operation" must name an operation, e.g. "getCollaboration".' });
  const path = asRecord(value.path ?? {});
  if (path === undefined || Object.values(path).some((part) => typeof part !== 'string' || part === '')) problems.push({ ...at('path'), message: '"path" maps each path parameter to a non-empty string.' });
  const query = asRecord(value.query ?? {});
  if (query === undefined) problems.push({ ...at('query'), message: '"query" must be an object of query parameters.' });
  if (problems.length > 0 || typeof operation !== 'string' || path === undefined || query === undefined) return { ok: false, problems };
  const schema = typeof value.$schema === 'string' ? parseRequestSchemaAddress(value.$schema) : undefined;
  return {
    ok: true,
    draft: {
      operation,
      params: path as Record<string, string>,
      query,
      ...('body' in value ? { body: value.body } : {}),
      ...(schema === undefined ? {} : { profile: schema.profile }),
    },
  };
}
