/**
 * Node's crypto and fs/promises, loaded by the first call that needs them rather than when the
 * language server's bundle loads: ~4 ms and ~2 ms of its start (spawn → `initialize` answered),
 * which uses neither. The first catalog read from disk or service call pays them instead, a turn
 * after the first document's diagnostics. Lint refuses value imports of these modules in the
 * server's code; types are imported as usual.
 */
import type * as Crypto from 'node:crypto';
import type * as FsPromises from 'node:fs/promises';

let crypto: typeof Crypto | undefined;
let fsPromises: typeof FsPromises | undefined;

/* eslint-disable @typescript-eslint/no-require-imports -- a require inside a function is what esbuild keeps lazy */
export function nodeCrypto(): typeof Crypto {
  crypto ??= require('node:crypto') as typeof Crypto;
  return crypto;
}

export function nodeFsPromises(): typeof FsPromises {
  fsPromises ??= require('node:fs/promises') as typeof FsPromises;
  return fsPromises;
}
/* eslint-enable @typescript-eslint/no-require-imports */
