/**
 * Runs an activation query (LANGUAGE.md §4 and §9, "Activation"): the output-column values of
 * the activation dataset's records whose individual is in the filtered audience.
 */
import type { QueueActivationResponse } from '../../../common/api/v1-activations';
import type { JoinMetadata } from '../../../common/api/v1-shared';
import { bindQuery } from './bind-query';
import type { EngineOptions } from './engine-options';
import { internalError } from './engine-error';
import type { EngineOutcome } from './engine-error';
import { joinMetadataOf } from './join-metadata';
import { matchDatasets } from './matching-cache';
import type { EngineDataset } from './model';
import { selectAudience } from './select-audience';

export interface ActivationRun {
  /** Name (as the query writes it) of the activation dataset whose records are exported. */
  readonly datasetName: string;
  /** The output columns, in the order the query selects them. */
  readonly columns: readonly string[];
  /** One row per record of the activation dataset in the audience, in row order; '' = empty cell. */
  readonly rows: readonly (readonly string[])[];
  /** Individuals in the filtered audience (exact; activation exports are not redacted). */
  readonly audienceSize: number;
  /** The `query_response` of the 1.0 Queue an Activation answer. */
  readonly queryResponse: NonNullable<QueueActivationResponse['query_response']>;
  /** The `join_metadata` of the 1.0 Activation resource. */
  readonly joinMetadata: JoinMetadata[];
}

/**
 * Runs the activation query `text` over `datasets` (the datasets the caller may see).
 *
 * Contract: the query must select output columns of one activation dataset that it names;
 * insight queries and non-activation datasets are answered as error values. Rows are the
 * records (not individuals) of that dataset, so an individual with two records gives two
 * rows. No redaction applies: §9 defines the export as every such record. Never throws.
 */
export function runActivationQuery(
  text: string,
  datasets: readonly EngineDataset[],
  options: EngineOptions = {},
): EngineOutcome<ActivationRun> {
  try {
    const bound = bindQuery(text, datasets, 'activation');
    if (!bound.ok) return bound;
    const query = bound.value;
    const selection = query.selection;
    if (selection.kind !== 'activation') return { ok: false, error: internalError('the query selects no output columns') };
    const matching = matchDatasets(query.datasets, options.cache);
    const audience = selectAudience(query, matching);
    const dataset = query.datasets[selection.dataset];
    const columns = selection.columns.map((name) => dataset.table.columns.get(name));
    const individualOfRow = matching.individualOfRow[selection.dataset];
    const rows: string[][] = [];
    for (let row = 0; row < dataset.table.rowCount; row++) {
      if (audience.members[individualOfRow[row]] !== 1) continue;
      rows.push(columns.map((column) => (column !== undefined && column.codes[row] >= 0 ? column.text(column.codes[row]) : '')));
    }
    return {
      ok: true,
      value: {
        datasetName: dataset.name,
        columns: selection.columns,
        rows,
        audienceSize: audience.list.length,
        queryResponse: {
          identities: [...selection.columns],
          total_rows: rows.length,
          quality_measures: { redaction_threshold_outlier: 0, model_accuracy: 1 },
        },
        joinMetadata: joinMetadataOf(query),
      },
    };
  } catch (caught) {
    return { ok: false, error: internalError(caught) };
  }
}
