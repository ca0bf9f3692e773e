/**
 * Runs an insight query (COUNT, AGGREGATE, TOPN, SUM/AVG) and answers the API 1.0 "Get a
 * Result" body.
 */
import type { QueryResult } from '../../../common/api/v1-queries';
import { bindQuery } from './bind-query';
import type { BoundMeasure, BoundQuery } from './bound-query';
import { binsOfMembers, bindDimensionBins } from './binning';
import type { CountedDimensions } from './count-dimensions';
import { countNestedDimensions, countTopBins } from './count-dimensions';
import { internalError } from './engine-error';
import type { EngineOutcome } from './engine-error';
import { countMetadataOf, joinMetadataOf } from './join-metadata';
import type { Matching } from './matching';
import type { EngineOptions } from './engine-options';
import { matchDatasets } from './matching-cache';
import type { EngineDataset } from './model';
import type { PrivacyRules } from './privacy';
import { isRedacted, privacyRulesOf, reportedAudience } from './privacy';
import type { SelectedAudience } from './select-audience';
import { selectAudience } from './select-audience';

/**
 * Runs the insight query `text` over `datasets` (the datasets the caller may see).
 *
 * Contract: answers the 1.0 Get a Result body — `audience` always (redacted and rounded),
 * `dimensions` for AGGREGATE/TOPN (nested, bins in order, small bins left out), `sum`,
 * `user_average`, `value_average` for SUM/AVG, `quality_measures`, `join_metadata` and
 * `count_metadata`; 64-bit counts are decimal strings. An activation query, or any problem
 * that validateQuery would report, is answered as an error value. Never throws.
 */
export function runInsightQuery(
  text: string,
  datasets: readonly EngineDataset[],
  options: EngineOptions = {},
): EngineOutcome<QueryResult> {
  try {
    const bound = bindQuery(text, datasets, 'insight');
    if (!bound.ok) return bound;
    return { ok: true, value: computeResult(bound.value, matchDatasets(bound.value.datasets, options.cache)) };
  } catch (caught) {
    return { ok: false, error: internalError(caught) };
  }
}

function computeResult(query: BoundQuery, matching: Matching): QueryResult {
  const audience = selectAudience(query, matching);
  const rules = privacyRulesOf(query.datasets);
  const size = audience.list.length;
  const result: QueryResult = {
    dimensions: [],
    audience: reportedAudience(size, rules),
  };
  let redactedIndividuals = 0;
  const selection = query.selection;
  if (selection.kind === 'aggregate' || selection.kind === 'topn') {
    const counted = countDimensions(query, matching, audience, rules);
    result.dimensions = counted.dimensions;
    redactedIndividuals = counted.redactedIndividuals;
  } else if (selection.kind === 'measures') {
    redactedIndividuals = addMeasures(result, selection.measures, query, matching, audience, rules);
  }
  result.quality_measures = {
    redaction_threshold_outlier: size === 0 ? 0 : redactedIndividuals / size,
    model_accuracy: 1,
  };
  result.join_metadata = joinMetadataOf(query);
  result.count_metadata = countMetadataOf(query);
  return result;
}

function countDimensions(query: BoundQuery, matching: Matching, audience: SelectedAudience, rules: PrivacyRules): CountedDimensions {
  const selection = query.selection;
  const dimensions =
    selection.kind === 'aggregate' ? selection.dimensions : selection.kind === 'topn' ? [selection.dimension] : [];
  const infos = dimensions.map((dimension) => ({
    category: dimension.ref.category.label,
    datasetName: query.datasets[dimension.ref.dataset].name,
    binning: bindDimensionBins(dimension, query),
  }));
  const bins = dimensions.map((dimension, index) => binsOfMembers(dimension, infos[index].binning, query, matching, audience.list));
  if (selection.kind === 'topn') return countTopBins(bins[0], infos[0], selection.n, rules);
  return countNestedDimensions(bins, infos, rules);
}

/**
 * SUM and AVG over the members having a value (§9). Both averages are SUM divided by the
 * members having a value: each individual contributes exactly one value (its lowest-row
 * record's), so "unique users" and "contributing values" are the same number. A measure over
 * fewer contributors than the redaction threshold is withheld, and those contributors count
 * as redacted. Answers the number of redacted individuals.
 */
function addMeasures(
  result: QueryResult,
  measures: readonly BoundMeasure[],
  query: BoundQuery,
  matching: Matching,
  audience: SelectedAudience,
  rules: PrivacyRules,
): number {
  let redacted = 0;
  for (const measure of measures) {
    const { sum, contributors } = sumOverMembers(measure, query, matching, audience);
    if (isRedacted(contributors, rules)) {
      redacted = Math.max(redacted, contributors);
      continue;
    }
    if (measure.fn === 'SUM') result.sum = sum;
    else {
      const mean = contributors === 0 ? 0 : sum / contributors;
      result.user_average = { mean };
      result.value_average = { mean };
    }
  }
  return redacted;
}

function sumOverMembers(
  measure: BoundMeasure,
  query: BoundQuery,
  matching: Matching,
  audience: SelectedAudience,
): { sum: number; contributors: number } {
  const column = query.datasets[measure.ref.dataset].table.columns.get(measure.ref.category.label);
  if (column === undefined) return { sum: 0, contributors: 0 };
  const numbers = column.numbers();
  const first = matching.firstRow[measure.ref.dataset];
  let sum = 0;
  let contributors = 0;
  for (const individual of audience.list) {
    const row = first[individual];
    if (row < 0) continue;
    const code = column.codes[row];
    if (code < 0 || Number.isNaN(numbers[code])) continue;
    sum += numbers[code];
    contributors++;
  }
  return { sum, contributors };
}
