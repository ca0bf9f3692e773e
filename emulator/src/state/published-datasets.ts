/**
 * The one place where a server's set of datasets changes while it runs (seed 002 §2.1, §4.7):
 * Create Dataset adds an empty dataset, Publish fills it, Update renames it, Delete removes
 * it. The loaded folder stays read-only and may be shared by several servers, so each server
 * gets its own Map of datasets and its own catalog array here, copied once at start (a copy
 * of references: no column is copied, and queries on the folder's datasets cost what they
 * did). Everything that reads `data.datasets` or `data.catalog.datasets` (the catalog views,
 * the access rules, the query scope, hence the engine) sees a change at once, since they read
 * these very objects.
 *
 * A dataset is replaced whole, never edited in place: a query that has already taken its
 * `LoadedDataset` finishes on the old rows, and the engine's matching cache, which knows
 * datasets by their object, can never mix the old rows with the new ones.
 */
import type { EmulatorData, LoadedDataset, ResolvedDataset } from '../data/loaded-data';
import { globalSchemaOf } from '../supply/global-schema';
import { keyIdOf } from '../views/label-ids';

const registries = new WeakMap<EmulatorData, PublishedDatasets>();

export class PublishedDatasets {
  /** Bumped by every change: a query answered before a change is not reused after it. */
  private changes = 0;

  private constructor(
    private readonly byPrivateId: Map<string, LoadedDataset>,
    private readonly entries: ResolvedDataset[],
  ) {}

  /**
   * `shared` with a dataset set of its own, which `PublishedDatasets.of` of the answer changes.
   * The global schema and the label IDs are fixed from the folder's datasets first, so
   * that a published dataset never renumbers them.
   */
  static ownedCopy(shared: EmulatorData): EmulatorData {
    const byPrivateId = new Map(shared.datasets);
    const entries = [...shared.catalog.datasets];
    const data: EmulatorData = { ...shared, datasets: byPrivateId, catalog: { ...shared.catalog, datasets: entries } };
    globalSchemaOf(data);
    keyIdOf(data, '');
    registries.set(data, new PublishedDatasets(byPrivateId, entries));
    return data;
  }

  /** The registry of a server's data (made by `ownedCopy`). */
  static of(data: EmulatorData): PublishedDatasets {
    const registry = registries.get(data);
    if (!registry) throw new Error('this data has no dataset registry: make it with PublishedDatasets.ownedCopy');
    return registry;
  }

  /** How many changes the set has seen (0 while it is the folder's). */
  get generation(): number {
    return this.changes;
  }

  /** The dataset with this 2.0 ID, whoever owns it. */
  byDatasetId(datasetId: string): LoadedDataset | undefined {
    for (const dataset of this.byPrivateId.values()) if (dataset.meta.dataset_id === datasetId) return dataset;
    return undefined;
  }

  /** The dataset with this private ID, whoever owns it. */
  byPrivateIdOf(privateId: string): LoadedDataset | undefined {
    return this.byPrivateId.get(privateId);
  }

  /**
   * Adds `dataset`, or replaces the one with its 2.0 dataset ID (whose private ID may differ:
   * a rename). The caller checked that its private ID is free.
   */
  put(dataset: LoadedDataset): void {
    const previous = this.byDatasetId(dataset.meta.dataset_id);
    if (previous) {
      const index = this.entries.indexOf(previous.meta);
      this.byPrivateId.delete(previous.meta.private_id);
      if (index >= 0) this.entries[index] = dataset.meta;
    } else {
      this.entries.push(dataset.meta);
    }
    this.byPrivateId.set(dataset.meta.private_id, dataset);
    this.changes++;
  }

  /** Removes the dataset with this 2.0 ID; false when there is none. */
  remove(datasetId: string): boolean {
    const dataset = this.byDatasetId(datasetId);
    if (!dataset) return false;
    this.byPrivateId.delete(dataset.meta.private_id);
    const index = this.entries.indexOf(dataset.meta);
    if (index >= 0) this.entries.splice(index, 1);
    this.changes++;
    return true;
  }
}

/** A dataset with no rows and no columns: what Create Dataset makes, before any publish. */
export function emptyDataset(meta: ResolvedDataset): LoadedDataset {
  return { meta, rowCount: 0, columns: new Map() };
}
