/**
 * What the editor starts (`dist/server.js`): the language server's bundle
 * (`dist/language-server.js`, built from server.ts) run through the V8 code cache of
 * boot/compile-cache.ts, so a start after the first skips compiling it.
 */
// First: the flags are reset before any other built-in module loads (boot/reset-v8-flags.ts).
import './boot/reset-v8-flags';
import { join } from 'node:path';
import { compileCacheDir, runWithCompileCache } from './boot/compile-cache';

runWithCompileCache(join(__dirname, 'language-server.js'), compileCacheDir());
