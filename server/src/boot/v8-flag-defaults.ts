/**
 * Puts V8's flags back to their defaults once the heap is set up, keeping what the flags set.
 *
 * The server is started with a small young generation (`--max-semi-space-size`,
 * common/language-server-flags.ts). V8 reads that flag once, when it sets up the heap, and the
 * young generation keeps its size for the life of the process. But V8 also stamps every code
 * cache with the flags in force, and Node's built-in modules carry a cache made under the
 * defaults: under any other flag Node refuses it and compiles each built-in it loads
 * (`require('node:net')` 7.6 → 0.5 ms, crypto 5.2 → 1.5 ms, https 5.3 → 1.5 ms, with and
 * without the reset; `v8.cachedDataVersionTag()` equals a plain Node's once reset). Loading
 * node:v8 to reset them costs ~5 ms once, before the bundle.
 *
 * The bundle's own code cache (compile-cache.ts) is then made and read under the default flags too.
 */
import type * as V8 from 'node:v8';

/** The V8 flags of LANGUAGE_SERVER_NODE_OPTIONS that only size the heap, as their defaults. */
const HEAP_SIZING_DEFAULTS = ['--max-semi-space-size=0', '--min-semi-space-size=0'];

export function restoreDefaultV8Flags(execArgv: readonly string[] = process.execArgv): void {
  const given = HEAP_SIZING_DEFAULTS.filter((flag) => execArgv.some((arg) => arg.startsWith(`${flag.slice(0, flag.indexOf('='))}=`)));
  if (given.length === 0) return;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when a flag is to be reset
  const { setFlagsFromString } = require('node:v8') as typeof V8;
  for (const flag of given) setFlagsFromString(flag);
}
