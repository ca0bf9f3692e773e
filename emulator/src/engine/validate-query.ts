/**
 * ValidateQuery and "Validates an Activation Query" (API 1.0): everything short of running.
 */
import type { ExpectedQueryType } from './bind-query';
import { bindQuery } from './bind-query';
import { internalError } from './engine-error';
import type { EngineOutcome } from './engine-error';
import type { EngineDataset } from './model';

export interface ValidQuery {
  readonly queryType: 'insight' | 'activation';
  /** Every dataset the query names, as it names them, once each (what a run spends credits on). */
  readonly datasets: readonly string[];
  /** Activation queries: the dataset whose output columns are exported, named as the query names it. */
  readonly outputDataset?: string;
  /** Activation queries: the output columns, in the order selected. */
  readonly outputColumns?: readonly string[];
}

/**
 * Validates `text` against `datasets` (only the datasets the caller may see, so that an
 * "unknown dataset" answer never reveals an invisible one).
 *
 * Contract: `expected` is the endpoint asking — `insight` (ValidateQuery, the default) refuses
 * activation queries and `activation` refuses insight queries, each with a message naming the
 * right endpoint; `any` accepts both. Reports the parser's first error (warnings do not
 * count), then the first catalog problem (unknown dataset, category, representation or output
 * column; ambiguous category; bins of the wrong type or order; TOPN count; SUM/AVG on text;
 * output columns of a non-activation dataset), with its 1-based line and column. A valid
 * activation query also answers which dataset it exports and which columns. Reads no data.
 * Never throws.
 */
export function validateQuery(
  text: string,
  datasets: readonly EngineDataset[],
  expected: ExpectedQueryType = 'insight',
): EngineOutcome<ValidQuery> {
  try {
    const bound = bindQuery(text, datasets, expected);
    if (!bound.ok) return bound;
    const selection = bound.value.selection;
    const named = [...new Set(bound.value.datasets.map((dataset) => dataset.name))];
    if (selection.kind !== 'activation') return { ok: true, value: { queryType: bound.value.type, datasets: named } };
    const outputDataset = bound.value.datasets[selection.dataset].name;
    return { ok: true, value: { queryType: bound.value.type, datasets: named, outputDataset, outputColumns: selection.columns } };
  } catch (caught) {
    return { ok: false, error: internalError(caught) };
  }
}
