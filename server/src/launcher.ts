/**
 * What the editor starts (`dist/server.js`): the language server's bundle
 * (`dist/language-server.js`, built from server.ts) run through the V8 code cache of
 * boot/compile-cache.ts, so a start after the first skips compiling it. Half a minute in, when
 * this Node and bundle have no startup snapshot yet, it starts the builder of one
 * (boot/startup-snapshot-builder.ts), from which later starts begin. With BUILD_SNAPSHOT_ARG,
 * it is that builder.
 */
// First: the flags are reset before any other built-in module loads (boot/reset-v8-flags.ts).
import './boot/reset-v8-flags';
import { join } from 'node:path';
import { BUILD_SNAPSHOT_ARG, SNAPSHOT_BUILD_DELAY_MS } from '../../common/startup-snapshot-args';
import { compileCacheDir, runWithCompileCache } from './boot/compile-cache';
import type * as Builder from './boot/startup-snapshot-builder';

// The builder's module (child_process, crypto) is required when it is used, never before `initialize`.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
const builder = (): typeof Builder => require('./boot/startup-snapshot-builder') as typeof Builder;

const building = process.argv.indexOf(BUILD_SNAPSHOT_ARG);
if (building >= 0) {
  process.exitCode = builder().buildStartupSnapshot(process.argv[building + 1] ?? '', __dirname);
} else {
  const cacheDir = compileCacheDir();
  runWithCompileCache(join(__dirname, 'language-server.js'), cacheDir);
  const delay = Number(process.env.IQL_STARTUP_SNAPSHOT_DELAY_MS ?? SNAPSHOT_BUILD_DELAY_MS);
  setTimeout(() => builder().buildStartupSnapshotIfMissing(__filename, __dirname, cacheDir), delay).unref();
}
