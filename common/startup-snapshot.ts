/**
 * The language server's startup snapshot: a V8 heap in which the server's bundle has been
 * evaluated and its parser built (Node's `--build-snapshot`), from which a later start begins
 * instead of evaluating the bundle again. Built once per Node and bundle by the server itself,
 * in the background (server/src/boot/startup-snapshot-builder.ts); the editor, the benchmarks
 * and the tests start the server from it through `languageServerNodeArgs` when one is there.
 *
 * Node refuses to start at all from a snapshot made by another Node binary or under other V8
 * flags, so a snapshot's file name carries everything that check reads: the Node binary (path,
 * size, modification time, version, architecture), the flags (ours and NODE_OPTIONS), and the
 * bundle (size, modification time), so a rebuilt bundle never meets the heap of the previous
 * one. A file is only ever given that name once a start from it has been tried (a probe);
 * a snapshot that failed its probe leaves a `.failed` file of the same name, and is never
 * built or used again. The folder is the code cache's (server/src/boot/compile-cache.ts):
 * the user's own, made 0700 and checked before use, since a snapshot is code.
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_SERVER_NODE_OPTIONS } from './language-server-flags';
import { SNAPSHOT_SOURCE } from './startup-snapshot-args';

/** The snapshot file for this Node and `distDir`'s bundle in `cacheDir`, or undefined when either cannot be read. */
export function startupSnapshotFile(cacheDir: string, distDir: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  try {
    const node = statSync(process.execPath);
    const bundle = statSync(join(distDir, SNAPSHOT_SOURCE));
    // The bundle's folder too: the snapshot keeps the paths the bundle computed from it.
    const identity = JSON.stringify([
      process.execPath, node.size, node.mtimeMs, process.version, process.arch,
      LANGUAGE_SERVER_NODE_OPTIONS, env.NODE_OPTIONS ?? '',
      distDir, bundle.size, bundle.mtimeMs,
    ]);
    return join(cacheDir, `language-server-${process.version}-${createHash('sha256').update(identity).digest('hex').slice(0, 24)}.snapshot`);
  } catch {
    return undefined;
  }
}

/** The file that marks a snapshot that could not be built or used: never tried again for this Node and bundle. */
export function failedMarkerOf(snapshot: string): string {
  return `${snapshot}.failed`;
}

/** Marks `snapshot` as one not to build or start from again, saying why. Never throws. */
export function setSnapshotAside(snapshot: string, reason: string): void {
  try {
    writeFileSync(failedMarkerOf(snapshot), `${reason}\n`, { mode: 0o600 });
  } catch {
    // Without the marker the next start tries it again: slower, never wrong.
  }
}

/**
 * The Node options to start the server with (dist/server.js in `distDir`): the heap flags, and
 * the snapshot when one has been built and passed its probe. `cacheDir` undefined: no snapshot.
 */
export function languageServerNodeArgs(cacheDir: string | undefined, distDir: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const snapshot = cacheDir === undefined || env.IQL_STARTUP_SNAPSHOT === 'off' ? undefined : startupSnapshotFile(cacheDir, distDir, env);
  const usable = snapshot !== undefined && existsSync(snapshot) && !existsSync(failedMarkerOf(snapshot));
  return usable ? [...LANGUAGE_SERVER_NODE_OPTIONS, '--snapshot-blob', snapshot] : [...LANGUAGE_SERVER_NODE_OPTIONS];
}

/** The snapshot `execArgv` starts from, if any. */
export function snapshotIn(execArgv: readonly string[]): string | undefined {
  const at = execArgv.indexOf('--snapshot-blob');
  return at < 0 ? undefined : execArgv[at + 1];
}
