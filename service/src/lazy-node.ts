/**
 * Node's crypto, fs/promises, http and https, loaded by the first call that needs them rather
 * than when the language server's bundle loads: ~4 ms and ~2 ms of its start (spawn →
 * `initialize` answered) for the first two, which it does not use; https loads TLS, which an
 * emulator on http://127.0.0.1 never needs. The first catalog read from disk or service call pays
 * them instead, a turn after the first document's diagnostics. Lint refuses value imports of
 * these modules in the server's code; types are imported as usual.
 */
import type * as Crypto from 'node:crypto';
import type * as FsPromises from 'node:fs/promises';
import type * as Http from 'node:http';
import type * as Https from 'node:https';

let crypto: typeof Crypto | undefined;
let fsPromises: typeof FsPromises | undefined;
let http: typeof Http | undefined;
let https: typeof Https | undefined;

/* eslint-disable @typescript-eslint/no-require-imports -- a require inside a function is what esbuild keeps lazy */
export function nodeCrypto(): typeof Crypto {
  crypto ??= require('node:crypto') as typeof Crypto;
  return crypto;
}

export function nodeFsPromises(): typeof FsPromises {
  fsPromises ??= require('node:fs/promises') as typeof FsPromises;
  return fsPromises;
}

export function nodeHttp(): typeof Http {
  http ??= require('node:http') as typeof Http;
  return http;
}

export function nodeHttps(): typeof Https {
  https ??= require('node:https') as typeof Https;
  return https;
}
/* eslint-enable @typescript-eslint/no-require-imports */
