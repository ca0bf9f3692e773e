/**
 * The language server's startup snapshot (common/startup-snapshot.ts), as the benchmarks use it:
 * the first start after an install builds it in the background for every later start, and a
 * benchmark's first, uncounted start builds it at once instead, so every counted start is one
 * after the first, as in the editor.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { LANGUAGE_SERVER_NODE_OPTIONS } from '../common/language-server-flags';
import { compileCacheDir } from '../common/server-cache-dir';
import { failedMarkerOf, startupSnapshotFile } from '../common/startup-snapshot';
import { BUILD_SNAPSHOT_ARG } from '../common/startup-snapshot-args';
import type { ServerLaunch } from './lsp-driver';

/** Builds the snapshot `launch`'s IQL server starts from, unless it has one (or its Node cannot make one). Says which. */
export function ensureStartupSnapshot(launch: ServerLaunch): string {
  const env = { ...process.env, ...launch.env };
  const cacheDir = compileCacheDir(env);
  const snapshot = cacheDir === undefined ? undefined : startupSnapshotFile(cacheDir, dirname(launch.script), env);
  if (snapshot === undefined) return 'no startup snapshot (no private cache folder)';
  if (existsSync(snapshot)) return 'startup snapshot already built';
  if (!existsSync(failedMarkerOf(snapshot))) {
    // stdin closed: a build of the server that predates snapshots starts, reads the end of its input and exits.
    spawnSync(process.execPath, [...LANGUAGE_SERVER_NODE_OPTIONS, launch.script, BUILD_SNAPSHOT_ARG, snapshot], { env, stdio: 'ignore', timeout: 120_000 });
  }
  return existsSync(snapshot) ? 'startup snapshot built' : 'no startup snapshot (it could not be built)';
}
