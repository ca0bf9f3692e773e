/**
 * The API schemas (zod, every operation's answer), evaluated on first use rather than at
 * activation: they take tens of milliseconds to evaluate, and activation needs none of them.
 * The client uses them only to check what it reads back from its own storage and what the
 * server relays (a saved result, a plan).
 *
 * How: esbuild defers a module reached through a `require()` call until that call runs, as
 * long as nothing in the bundle imports it statically. So client code imports only types
 * from `common/api`, and takes values from here (lint enforces it).
 */
import type * as ApiSchemasModule from '../../../common/api';

type ApiSchemas = typeof ApiSchemasModule;

let apiSchemas: ApiSchemas | undefined;

/** `common/api` (zod schemas of the wire), loaded on the first call. */
export function loadApiSchemas(): ApiSchemas {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require() call is what esbuild can defer
  apiSchemas ??= require('../../../common/api') as ApiSchemas;
  return apiSchemas;
}
