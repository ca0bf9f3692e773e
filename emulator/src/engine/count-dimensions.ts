/**
 * AGGREGATE and TOPN counts (LANGUAGE.md §9): nested bins, redaction of small bins and the
 * share of the audience that fell in redacted bins.
 */
import type { QueryDimension } from '../../../common/api/v1-queries';
import type { Binning } from './binning';
import type { PrivacyRules } from './privacy';
import { isRedacted, roundCount } from './privacy';

/** What the result says about each dimension, besides its bins. */
export interface DimensionInfo {
  readonly category: string;
  /** The name the query used for the dimension's dataset. */
  readonly datasetName: string;
  readonly binning: Binning;
}

export interface CountedDimensions {
  readonly dimensions: QueryDimension[];
  /** Individuals of the audience counted in at least one redacted bin. */
  readonly redactedIndividuals: number;
}

interface CountNode {
  count: number;
  redacted: boolean;
  children: Map<number, CountNode> | undefined;
}

/**
 * Counts nested dimensions. `bins[d][p]` is the bin of audience member p in dimension d (-1:
 * none). Each bin of dimension d holds the bins of dimension d+1 for its individuals; an
 * individual without a bin in dimension d is counted in no bin of d or deeper dimensions.
 * Bins with no individual are left out; bins below the redaction threshold are left out with
 * everything nested in them.
 */
export function countNestedDimensions(
  bins: readonly Int32Array[],
  infos: readonly DimensionInfo[],
  rules: PrivacyRules,
): CountedDimensions {
  const root = new Map<number, CountNode>();
  const memberCount = bins[0]?.length ?? 0;
  const depth = bins.length;
  for (let member = 0; member < memberCount; member++) {
    let level = root;
    for (let dimension = 0; dimension < depth; dimension++) {
      const bin = bins[dimension][member];
      if (bin < 0) break;
      let node = level.get(bin);
      if (node === undefined) {
        node = { count: 0, redacted: false, children: dimension + 1 < depth ? new Map() : undefined };
        level.set(bin, node);
      }
      node.count++;
      if (node.children === undefined) break;
      level = node.children;
    }
  }
  const dimensions = renderLevel(root, 0, infos, rules);
  return { dimensions, redactedIndividuals: countRedactedMembers(root, bins) };
}

function renderLevel(level: Map<number, CountNode>, depth: number, infos: readonly DimensionInfo[], rules: PrivacyRules): QueryDimension[] {
  const info = infos[depth];
  const result: QueryDimension[] = [];
  for (const bin of [...level.keys()].sort((a, b) => a - b)) {
    const node = level.get(bin) as CountNode;
    node.redacted = isRedacted(node.count, rules);
    if (node.redacted) continue;
    const dimension: QueryDimension = {
      value: info.binning.labels[bin],
      category: info.category,
      count: roundCount(node.count, rules),
      continuous: info.binning.continuous,
      private_id: info.datasetName,
    };
    if (node.children !== undefined) dimension.dimensions = renderLevel(node.children, depth + 1, infos, rules);
    result.push(dimension);
  }
  return result;
}

function countRedactedMembers(root: Map<number, CountNode>, bins: readonly Int32Array[]): number {
  const memberCount = bins[0]?.length ?? 0;
  let redacted = 0;
  for (let member = 0; member < memberCount; member++) {
    let level: Map<number, CountNode> | undefined = root;
    for (let dimension = 0; dimension < bins.length && level !== undefined; dimension++) {
      const bin = bins[dimension][member];
      if (bin < 0) break;
      const node = level.get(bin) as CountNode;
      if (node.redacted) {
        redacted++;
        break;
      }
      level = node.children;
    }
  }
  return redacted;
}

/**
 * TOPN: the `n` bins with the most individuals, ties by bin order (ascending value). The
 * ranking uses exact counts; the chosen bins are then redacted and rounded like any other.
 */
export function countTopBins(bins: Int32Array, info: DimensionInfo, n: number, rules: PrivacyRules): CountedDimensions {
  const counts = new Int32Array(info.binning.labels.length);
  for (const bin of bins) if (bin >= 0) counts[bin]++;
  const ranked: number[] = [];
  counts.forEach((count, bin) => {
    if (count > 0) ranked.push(bin);
  });
  ranked.sort((a, b) => counts[b] - counts[a] || a - b);
  const dimensions: QueryDimension[] = [];
  let redactedIndividuals = 0;
  for (const bin of ranked.slice(0, n)) {
    if (isRedacted(counts[bin], rules)) {
      redactedIndividuals += counts[bin];
      continue;
    }
    dimensions.push({
      value: info.binning.labels[bin],
      category: info.category,
      count: roundCount(counts[bin], rules),
      continuous: info.binning.continuous,
      private_id: info.datasetName,
    });
  }
  return { dimensions, redactedIndividuals };
}
