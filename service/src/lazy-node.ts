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

let crypto: typeof Crypto | undefined;
let http: typeof Http | undefined;
let https: typeof Https | undefined;
let tls: typeof Tls | undefined;

/* eslint-disable @typescript-eslint/no-require-imports -- a require inside a function is what esbuild keeps lazy */
export function nodeCrypto(): typeof Crypto {
  crypto ??= require('node:crypto') as typeof Crypto;
  return crypto;
}

export function nodeHttp(): typeof Http {
  http ??= require('node:http') as typeof Http;
  return http;
}

export function nodeHttps(): typeof Https {
  https ??= require('node:https') as typeof Https;
  return https;
}

export function nodeTls(): typeof Tls {
  tls ??= require('node:tls') as typeof Tls;
  return tls;
}
/* eslint-enable @typescript-eslint/no-require-imports */
