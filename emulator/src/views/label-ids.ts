/**
 * Numeric IDs for key and attribute labels (2.0 views carry `id`s next to labels). The
 * service's IDs come from its global schema; here they are the 1-based position of the label
 * in the sorted list of all labels of the catalog, so they are stable for a given folder.
 */
import type { EmulatorData } from '../data/loaded-data';
import { compareText } from '../stats/column-stats';

interface LabelIds {
  readonly keys: ReadonlyMap<string, string>;
  readonly attributes: ReadonlyMap<string, string>;
}

const cache = new WeakMap<EmulatorData, LabelIds>();

function idsOf(labels: Iterable<string>): Map<string, string> {
  return new Map([...new Set(labels)].sort(compareText).map((label, index) => [label, String(index + 1)]));
}

function labelIdsOf(data: EmulatorData): LabelIds {
  let ids = cache.get(data);
  if (ids === undefined) {
    const datasets = data.catalog.datasets;
    ids = {
      keys: idsOf(datasets.flatMap((dataset) => dataset.keys)),
      attributes: idsOf(datasets.flatMap((dataset) => dataset.categories.map((category) => category.label))),
    };
    cache.set(data, ids);
  }
  return ids;
}

/** The ID of a key label. */
export function keyIdOf(data: EmulatorData, label: string): string {
  return labelIdsOf(data).keys.get(label) ?? '0';
}

/** The ID of a category (attribute) label. */
export function attributeIdOf(data: EmulatorData, label: string): string {
  return labelIdsOf(data).attributes.get(label) ?? '0';
}
