/**
 * `join_metadata` and `count_metadata` of results: which keys joined which datasets, and
 * which keys identified individuals in each dataset of the audience.
 */
import type { DatasetRef, JoinMetadata, KeyRef } from '../../../common/api/v1-shared';
import type { BoundQuery } from './bound-query';
import { aggregationDataset, findJoinPath } from './join-path';
import type { EngineDataset } from './model';

export interface CountMetadata {
  dataset?: DatasetRef;
  keys?: KeyRef[];
}

function datasetRef(dataset: EngineDataset): DatasetRef {
  return { id: dataset.datasetId ?? dataset.name, name: dataset.name };
}

/** Key ids are the 1-based positions of the key labels in the sorted labels of the query. */
function keyRefs(query: BoundQuery, labels: readonly string[]): KeyRef[] {
  const all = [...new Set(query.datasets.flatMap((dataset) => dataset.keys))].sort();
  return labels.map((name) => ({ key_id: String(all.indexOf(name) + 1), name }));
}

/** One entry per distinct hop on the paths from the aggregation dataset to each FROM dataset. */
export function joinMetadataOf(query: BoundQuery): JoinMetadata[] {
  const start = aggregationDataset(query);
  const seen = new Set<string>();
  const result: JoinMetadata[] = [];
  for (const target of query.audienceDatasets) {
    for (const hop of findJoinPath(query.datasets, start, target) ?? []) {
      const id = `${hop.from}>${hop.to}`;
      if (seen.has(id)) continue;
      seen.add(id);
      result.push({
        from_dataset: datasetRef(query.datasets[hop.from]),
        to_dataset: datasetRef(query.datasets[hop.to]),
        keys: keyRefs(query, hop.keys),
      });
    }
  }
  return result;
}

/** One entry per FROM dataset: the keys its records were matched on. */
export function countMetadataOf(query: BoundQuery): CountMetadata[] {
  return query.audienceDatasets.map((index) => {
    const dataset = query.datasets[index];
    return { dataset: datasetRef(dataset), keys: keyRefs(query, [...new Set(dataset.keys)]) };
  });
}
