/**
 * The API schemas (zod, every operation's answer), evaluated on first use rather than at
 * activation: they take tens of milliseconds to evaluate, and activation needs none of them.
 * The client uses them only to check what it reads back from its own storage and what the
 * server relays (a saved result, a plan).
 *
 * How: the `require()` below is of dist/api-schemas.js, a bundle of its own (esbuild.mjs), so
 * the editor neither parses nor evaluates zod and the schemas before this runs (under tsx, the
 * source module). So client code imports only types from `common/api`, and takes values from
 * here (lint enforces it).
 */
import type * as ApiSchemasModule from './api-schemas';

type ApiSchemas = typeof ApiSchemasModule;

let apiSchemas: ApiSchemas | undefined;

/** `common/api` (zod schemas of the wire) and zod's `toJSONSchema`, loaded on the first call. */
export function loadApiSchemas(): ApiSchemas {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- dist/api-schemas.js, loaded on first use
  apiSchemas ??= require('./api-schemas') as ApiSchemas;
  return apiSchemas;
}
