/**
 * Builds the language server's startup snapshot (common/startup-snapshot.ts) in a process of
 * its own: a start without one asks for it half a minute in, and the next start, by the editor
 * or anyone using `languageServerNodeArgs`, begins from it.
 *
 * The builder is the launcher run with BUILD_SNAPSHOT_ARG, detached and at a lower priority, so
 * that it finishes even when the server it came from exits first and never slows the editor.
 * It has Node make the snapshot under a temporary name, starts a server from it once (the
 * probe: a snapshot Node cannot start from would otherwise stop every later start before any
 * code of ours runs), and only then gives it its name. A snapshot that cannot be made (a Node
 * without `--build-snapshot`, such as an editor's Electron) or fails its probe leaves a
 * `.failed` file with the reason, and is not asked for again for this Node and bundle.
 */
// Required by the launcher only once a start's work is done (launcher.ts), never before `initialize`.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- see above
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { setPriority } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { LANGUAGE_SERVER_NODE_OPTIONS } from '../../../common/language-server-flags';
import { failedMarkerOf, setSnapshotAside, startupSnapshotFile } from '../../../common/startup-snapshot';
import { BUILD_SNAPSHOT_ARG, SNAPSHOT_PROBE_ANSWER, SNAPSHOT_PROBE_ARG, SNAPSHOT_SOURCE } from '../../../common/startup-snapshot-args';

const BUILD_TIMEOUT_MS = 120_000;

/**
 * Called by a server started without a snapshot (`launcher`: dist/server.js, in `distDir`) once
 * its start's work is done: starts the builder when this Node and bundle have neither a snapshot
 * nor a failed one. Only for a server started with the editor's flags (a debugger's would make a
 * snapshot no one uses). Never throws.
 */
export function buildStartupSnapshotIfMissing(launcher: string, distDir: string, cacheDir: string | undefined, env: NodeJS.ProcessEnv = process.env): void {
  if (cacheDir === undefined || env.IQL_STARTUP_SNAPSHOT === 'off' || !sameArgs(process.execArgv, LANGUAGE_SERVER_NODE_OPTIONS)) return;
  const snapshot = startupSnapshotFile(cacheDir, distDir, env);
  if (snapshot === undefined || existsSync(snapshot) || existsSync(failedMarkerOf(snapshot))) return;
  try {
    const child = spawn(process.execPath, [...LANGUAGE_SERVER_NODE_OPTIONS, launcher, BUILD_SNAPSHOT_ARG, snapshot], { detached: true, stdio: 'ignore', windowsHide: true });
    child.on('error', () => undefined);
    child.unref();
    // Its own children (Node making the snapshot, the probe) inherit the lower priority.
    if (child.pid !== undefined) lowerPriority(child.pid);
  } catch {
    // A snapshot is an optimisation: the next start tries again.
  }
}

function lowerPriority(pid: number): void {
  try {
    setPriority(pid, 10);
  } catch {
    // Not allowed here: it runs at the server's priority, still in the background.
  }
}

/** The builder's own work (the launcher with BUILD_SNAPSHOT_ARG): 0 when `snapshot` was made and named, else 1. */
export function buildStartupSnapshot(snapshot: string, distDir: string): number {
  const partial = `${snapshot}.${process.pid}.tmp`;
  const bundle = join(distDir, SNAPSHOT_SOURCE);
  const node = (args: readonly string[]) => spawnSync(process.execPath, [...LANGUAGE_SERVER_NODE_OPTIONS, ...args], { encoding: 'utf8', timeout: BUILD_TIMEOUT_MS, windowsHide: true, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const making = Date.now();
    const built = node(['--snapshot-blob', partial, '--build-snapshot', bundle]);
    if (built.status !== 0) return failed(snapshot, `Node could not make the snapshot (${outcome(built)})`);
    const probe = node(['--snapshot-blob', partial, bundle, SNAPSHOT_PROBE_ARG, String(Date.now() - making)]);
    if (probe.status !== 0 || !probe.stdout.includes(SNAPSHOT_PROBE_ANSWER)) return failed(snapshot, `a start from the snapshot failed (${outcome(probe)})`);
    renameSync(partial, snapshot);
    removeOtherSnapshots(snapshot);
    return 0;
  } catch (error) {
    return failed(snapshot, error instanceof Error ? error.message : String(error));
  } finally {
    rmSync(partial, { force: true });
  }
}

function failed(snapshot: string, reason: string): number {
  setSnapshotAside(snapshot, reason);
  return 1;
}

function outcome(result: ReturnType<typeof spawnSync>): string {
  const said = String(result.stderr ?? '').trim().split('\n').slice(-3).join(' ');
  return `exit ${result.status ?? result.signal ?? 'unknown'}${said === '' ? '' : `: ${said}`}`;
}

/** Snapshots of earlier Nodes or bundles (9 MB each) can never be used again: one per upgrade would pile up. */
function removeOtherSnapshots(current: string): void {
  const dir = dirname(current);
  try {
    for (const name of readdirSync(dir)) {
      if (name.startsWith('language-server-') && name.includes('.snapshot') && !name.startsWith(basename(current))) rmSync(join(dir, name), { force: true });
    }
  } catch {
    // Left for the next build to remove.
  }
}

function sameArgs(given: readonly string[], expected: readonly string[]): boolean {
  return given.length === expected.length && given.every((arg, index) => arg === expected[index]);
}
