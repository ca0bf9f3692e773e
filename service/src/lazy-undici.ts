/**
 * undici, evaluated on first use rather than when the bundle loads: evaluating it takes tens of
 * milliseconds that a language server's start (spawn → `initialize` answered) does not need to
 * spend, since no call is made before a document or a request asks for one.
 */
import type * as Undici from 'undici';

let loaded: typeof Undici | undefined;

export function undici(): typeof Undici {
  // A require inside the function is what esbuild keeps lazy (an import is evaluated at load).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('undici') as typeof Undici;
  return loaded;
}
