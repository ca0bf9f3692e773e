/**
 * Said by the server's bundle just before it changes V8's flags (memory-release.ts exposes `gc`
 * on the first need), heard by the launcher's code cache (compile-cache.ts): V8 stamps a cache
 * with the flags in force when it is made and refuses it under others, so a cache made at exit
 * after the change would be refused by the next start, which would compile the whole bundle
 * again (~50 ms more before `initialize` is answered). The cache is made before the change.
 */
import type { EventEmitter } from 'node:events';

export const V8_FLAGS_CHANGING = 'iql:v8-flags-changing';

/** Lets the code cache be made under the flags the next start will have; call right before `v8.setFlagsFromString`. */
export function announceV8FlagsChange(): void {
  // An event of the process's own naming: Node's typings list only its built-in ones.
  (process as EventEmitter).emit(V8_FLAGS_CHANGING);
}
