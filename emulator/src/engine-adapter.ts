/**
 * The only file that knows both the loader's data model and the query engine's: it wraps
 * loaded datasets as `EngineDataset`s (without copying a column) and turns engine errors into
 * `QueryProblem`s. One adapter per loaded data folder, so its matching cache never outlives
 * the data it describes.
 */
import { parseIql } from '../../language/src/parser/index';
import type { LoadedDataset } from './data/loaded-data';
import { MatchingCache, explainQuery, runActivationQuery, runInsightQuery, validateQuery } from './engine';
import type { DatasetTable, EngineDataset, EngineError, EngineOutcome } from './engine';
import type { NamedDataset, QueryEngine, QueryOutcome, QueryProblem } from './query-engine';

/** Creates the engine the HTTP layer uses. */
export function createQueryEngine(): QueryEngine {
  const cache = new MatchingCache(16);
  // The engine's matching cache recognises datasets by their table object, so each loaded
  // dataset must always be wrapped by the same table.
  const tables = new WeakMap<LoadedDataset, DatasetTable>();
  const tableOf = (dataset: LoadedDataset): DatasetTable => {
    let table = tables.get(dataset);
    if (table === undefined) {
      const columns = dataset.columns;
      table = { rowCount: dataset.rowCount, columnNames: [...columns.keys()], column: (name) => columns.get(name) };
      tables.set(dataset, table);
    }
    return table;
  };
  const toEngine = (datasets: readonly NamedDataset[]): EngineDataset[] =>
    datasets.map(({ name, dataset, activation }) => ({
      name,
      privateId: dataset.meta.private_id,
      publicName: dataset.meta.public_name,
      datasetId: dataset.meta.dataset_id,
      keys: dataset.meta.keys,
      categories: dataset.meta.categories,
      outputColumns: dataset.meta.output_columns,
      activation,
      redactionThreshold: dataset.meta.redaction_threshold,
      roundingThreshold: dataset.meta.rounding_threshold,
      table: tableOf(dataset),
    }));

  return {
    validate: (query, datasets, expected) => {
      const engineDatasets = toEngine(datasets);
      const valid = validateQuery(query, engineDatasets, expected);
      if (!valid.ok) return { ok: false, problem: toProblem(valid.error) };
      if (valid.value.queryType !== 'activation') return { ok: true, value: { queryType: valid.value.queryType } };
      return { ok: true, value: { queryType: 'activation', outputDataset: outputDatasetOf(query, engineDatasets), outputColumns: outputColumnsOf(query) } };
    },
    explain: (query, datasets) => toOutcome(explainQuery(query, toEngine(datasets))),
    runInsight: (query, datasets) => toOutcome(runInsightQuery(query, toEngine(datasets), { cache })),
    runActivation: (query, datasets) => {
      const engineDatasets = toEngine(datasets);
      const run = runActivationQuery(query, engineDatasets, { cache });
      if (!run.ok) return { ok: false, problem: toProblem(run.error) };
      return { ok: true, value: { columns: run.value.columns, rows: run.value.rows, datasetName: outputDatasetOf(query, engineDatasets) } };
    },
  };
}

/** The plan names the dataset whose output columns an activation query exports (explain-query.ts). */
function outputDatasetOf(query: string, datasets: readonly EngineDataset[]): string {
  const plan = explainQuery(query, datasets, { expected: 'activation' });
  return plan.ok ? (plan.value.query_plan?.plan?.private_id ?? '') : '';
}

/** The output columns of a (valid) activation query, read from its syntax tree. */
function outputColumnsOf(query: string): string[] {
  const select = parseIql(query).ast.queries[0]?.select;
  return (select?.items ?? []).flatMap((item) => (item.kind === 'Column' && item.column ? [item.column.text] : []));
}

function toOutcome<T>(outcome: EngineOutcome<T>): QueryOutcome<T> {
  return outcome.ok ? { ok: true, value: outcome.value } : { ok: false, problem: toProblem(outcome.error) };
}

function toProblem(error: EngineError): QueryProblem {
  return { message: error.message, line: error.line, column: error.column };
}
