// Corrections to the reference swagger files (../shared/api/*.swagger.json), applied by
// scripts/generate-api.mjs before anything else, where the swagger is wrong for the real
// service. Each entry names the file, the JSON path it sets (relative to the Swagger 2.0
// document, so it reads like the file it corrects) and the seed line that justifies it.
// Keep this list short and every entry cited: the swagger stays the source of truth for
// shapes; an entry here is a known error in it.

/** @type {readonly { file: 'v1' | 'v2', path: readonly string[], value: unknown, why: string }[]} */
export const apiOverlay = [
  {
    file: 'v1',
    path: ['definitions', 'tyraelQuery', 'properties', 'query_error'],
    value: { $ref: '#/definitions/rpcStatus', description: 'Set when the query failed (seed 000, section 7.3).' },
    // The swagger's Query (Create a Query, Get a Query) has only query_id and done, so a
    // failed query would be indistinguishable from a running one. Seed 000, section 7,
    // item 3 (000_b7c1c78b40fa4c50.txt line 233): "1.0: QueryError (`query_error`,
    // `push_error`) with code integer, message string, details array" is carried inside
    // the resource when asynchronous work fails.
    why: 'seed 000 §7.3 (line 233): a failed asynchronous query carries query_error',
  },
];
