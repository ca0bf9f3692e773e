/**
 * Node's crypto, http, https and tls, loaded by the first call that needs them rather than when
 * the language server's bundle loads: ~4 ms of its start (spawn → `initialize` answered) for
 * crypto, which it does not use; https loads TLS, which an emulator on http://127.0.0.1 never
 * needs. The first catalog read from disk or service call pays them instead, a turn after the
 * first document's diagnostics. Lint refuses value imports of these modules (and of
 * fs/promises: node:fs's callbacks are loaded already) in the server's code; types are
 * imported as usual.
 */
import type * as Crypto from 'node:crypto';
import type * as Http from 'node:http';
import type * as Https from 'node:https';
import type * as Tls from 'node:tls';

/** `load` run on the first call, its result kept for the next ones. */
function onFirstUse<T>(load: () => T): () => T {
  let loaded: { readonly value: T } | undefined;
  return () => (loaded ??= { value: load() }).value;
}

/* eslint-disable @typescript-eslint/no-require-imports -- a require inside a function is what esbuild keeps lazy */
export const nodeCrypto = onFirstUse(() => require('node:crypto') as typeof Crypto);
export const nodeHttp = onFirstUse(() => require('node:http') as typeof Http);
export const nodeHttps = onFirstUse(() => require('node:https') as typeof Https);
export const nodeTls = onFirstUse(() => require('node:tls') as typeof Tls);
/* eslint-enable @typescript-eslint/no-require-imports */
