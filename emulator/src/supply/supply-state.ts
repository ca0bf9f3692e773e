/**
 * Everything the emulator keeps of data supply (seed 002): one per server, inside
 * EmulatorState. Maps hold the records of supply-records.ts by ID; files and recordset rows
 * live on disk in `storage`. IDs are counters per kind (`CV.1`, `RS.3`): a fresh resource
 * per request, numbered in request order, so runs are reproducible.
 */
import type {
  ImportConnectorRecord, ImportExecutionRecord, ImporterRecord, NormalizationConfigRecord, NormalizationRecord, PrepareConfigRecord, PrepareRecord,
  RecordsetConfigRecord, RecordsetExecutionRecord, RecordsetRecord, SupplyDatasetRecord, VaultRecord,
} from './supply-records';
import { SupplyExecution } from './supply-execution';
import type { ExecutionReporter } from './supply-execution';
import { VaultStorage } from './vault-storage';

export interface SupplyOptions {
  /**
   * The folder standing for remote file sources (`iql emulator --sources DIR`): an
   * object-store bucket or an SFTP host is a subfolder of it (emulator/README.md).
   */
  readonly sourcesDir?: string;
  /** Where vault files are kept (default: a temporary folder removed at close). */
  readonly storageDir?: string;
}

export class SupplyState {
  readonly vaults = new Map<string, VaultRecord>();
  readonly importConnectors = new Map<string, ImportConnectorRecord>();
  readonly importers = new Map<string, ImporterRecord>();
  readonly importExecutions = new Map<string, ImportExecutionRecord>();
  readonly recordsetConfigs = new Map<string, RecordsetConfigRecord>();
  readonly recordsetExecutions = new Map<string, RecordsetExecutionRecord>();
  readonly recordsets = new Map<string, RecordsetRecord>();
  readonly normalizationConfigs = new Map<string, NormalizationConfigRecord>();
  readonly normalizations = new Map<string, NormalizationRecord>();
  readonly prepareConfigs = new Map<string, PrepareConfigRecord>();
  readonly prepares = new Map<string, PrepareRecord>();
  /** Datasets made with Create Dataset, by 2.0 dataset ID. */
  readonly datasets = new Map<string, SupplyDatasetRecord>();
  readonly storage: VaultStorage;
  readonly sourcesDir: string | undefined;
  private readonly counters = new Map<string, number>();

  constructor(
    private readonly now: () => number,
    private readonly pollsBeforeDone: number,
    options: SupplyOptions = {},
  ) {
    this.storage = new VaultStorage(options.storageDir);
    this.sourcesDir = options.sourcesDir;
  }

  /** A fresh ID of a kind: `${prefix}.${n}`. */
  nextId(prefix: string): string {
    const next = (this.counters.get(prefix) ?? 0) + 1;
    this.counters.set(prefix, next);
    return `${prefix}.${next}`;
  }

  /** Starts asynchronous work as an execution clients poll (supply-execution.ts). */
  startExecution(work: (reporter: ExecutionReporter) => Promise<string>): SupplyExecution {
    return new SupplyExecution(this.now, this.pollsBeforeDone, work);
  }

  /** Frees the disk the vaults used (server close). */
  dispose(): void {
    this.storage.dispose();
  }
}
