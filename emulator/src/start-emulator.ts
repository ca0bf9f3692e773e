/**
 * Starts an emulator in one call: load the data folder (or generate the demo), parse the
 * fault spec, create the server and listen. Used by `iql emulator`, the benchmark and tests.
 */
import { statSync } from 'node:fs';
import { formatFolderProblem } from './data/folder-problem';
import { loadDataFolder } from './data/load-data-folder';
import type { EmulatorData } from './data/loaded-data';
import { loadDemoData } from './demo/generate-demo-folder';
import type { DemoOptions } from './demo/generate-demo-folder';
import { createEmulatorServer } from './http/emulator-server';
import type { ListeningAddress } from './http/emulator-server';
import { parseFaultSpec } from './http/faults';
import type { EmulatorClock } from './state/emulator-clock';

export interface StartEmulatorOptions {
  /** A data folder (DATA-FORMAT.md); without it the demo clean room is generated in memory. */
  readonly dataDir?: string;
  readonly demo?: DemoOptions;
  readonly port?: number;
  readonly host?: string;
  readonly latencyMs?: number;
  /** A `--faults` spec, e.g. `validate:500:0.5,datasets:timeout:1`. */
  readonly faults?: string;
  readonly faultSeed?: number | string;
  readonly pollsBeforeDone?: number;
  /** The clock of automation schedules (default: standing still; `iql emulator --real-clock`: a RealClock). */
  readonly clock?: EmulatorClock;
  /** The folder standing for remote file sources of imports (`iql emulator --sources DIR`; emulator/README.md). */
  readonly sourcesDir?: string;
  readonly onInternalError?: (error: unknown) => void;
}

export interface RunningEmulator extends ListeningAddress {
  readonly data: EmulatorData;
  /** Stops the server; resolves when every connection is closed. */
  close(): Promise<void>;
}

export type StartEmulatorResult = { readonly ok: true; readonly emulator: RunningEmulator } | { readonly ok: false; readonly message: string };

/**
 * Loads, builds and starts an emulator. Never rejects: a bad folder, a bad fault spec or a
 * port that cannot be bound is answered with a message saying what to fix.
 */
export async function startEmulator(options: StartEmulatorOptions): Promise<StartEmulatorResult> {
  const faults = parseFaultSpec(options.faults ?? '');
  if (!faults.ok) return { ok: false, message: `--faults: ${faults.message}` };
  if (options.sourcesDir !== undefined && statSync(options.sourcesDir, { throwIfNoEntry: false })?.isDirectory() !== true) {
    return { ok: false, message: `--sources: ${options.sourcesDir} is not a folder; create it, with a folder per bucket or SFTP host` };
  }
  const loaded = options.dataDir !== undefined ? await loadDataFolder(options.dataDir) : await loadDemoData(options.demo);
  if (!loaded.ok) {
    return { ok: false, message: `cannot load the data folder:\n${loaded.problems.map(formatFolderProblem).join('\n')}` };
  }
  const server = createEmulatorServer({
    data: loaded.data,
    latencyMs: options.latencyMs,
    faults: faults.rules,
    faultSeed: options.faultSeed,
    pollsBeforeDone: options.pollsBeforeDone,
    clock: options.clock,
    ...(options.sourcesDir === undefined ? {} : { supply: { sourcesDir: options.sourcesDir } }),
    onInternalError: options.onInternalError,
  });
  try {
    const address = await server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
    return { ok: true, emulator: { ...address, data: loaded.data, close: () => server.close() } };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `cannot listen on ${options.host ?? '127.0.0.1'}:${options.port ?? 0}: ${reason}` };
  }
}
