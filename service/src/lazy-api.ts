/**
 * `common/api` (the wire's zod schemas and the operation table), evaluated on the first call
 * that needs a value from it rather than when the bundle loads: building its schemas takes tens
 * of milliseconds that the language server's start (spawn → `initialize` answered) does not need,
 * since no call is made before a document or a request asks for one. The first catalog load
 * pays it instead, once.
 *
 * So service/ and server/ import only types from `common/api` directly and take values from
 * here (lint enforces it).
 */
import type * as ApiModule from '../../common/api';

type Api = typeof ApiModule;

let loaded: Api | undefined;

/** The `common/api` module, loaded on the first call. */
export function api(): Api {
  // A require inside the function is what esbuild keeps lazy (an import is evaluated at load).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use
  loaded ??= require('../../common/api') as Api;
  return loaded;
}
