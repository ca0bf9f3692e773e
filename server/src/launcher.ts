/**
 * What the editor starts (`dist/server.js`): the language server's bundle
 * (`dist/language-server.js`, built from server.ts) run through the V8 code cache of
 * boot/compile-cache.ts, so a start after the first skips compiling it.
 */
import { join } from 'node:path';
import { compileCacheDir, runWithCompileCache } from './boot/compile-cache';
import { restoreDefaultV8Flags } from './boot/v8-flag-defaults';

restoreDefaultV8Flags();
runWithCompileCache(join(__dirname, 'language-server.js'), compileCacheDir());
