/**
 * The only file that knows both the loader's data model and the query engine's: it wraps
 * loaded datasets as `EngineDataset`s (without copying a column) and turns engine errors into
 * `QueryProblem`s. One adapter per loaded data folder, so its matching cache never outlives
 * the data it describes.
 */
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
    validate: (query, datasets, expected) => toOutcome(validateQuery(query, toEngine(datasets), expected)),
    explain: (query, datasets) => toOutcome(explainQuery(query, toEngine(datasets))),
    runInsight: (query, datasets) => toOutcome(runInsightQuery(query, toEngine(datasets), { cache })),
    runActivation: (query, datasets) => {
      const engineDatasets = toEngine(datasets);
      const run = runActivationQuery(query, engineDatasets, { cache });
      if (!run.ok) return { ok: false, problem: toProblem(run.error) };
      // The plan names the dataset whose output columns are exported (explain-query.ts).
      const plan = explainQuery(query, engineDatasets, { expected: 'activation' });
      const datasetName = plan.ok ? (plan.value.query_plan?.plan?.private_id ?? '') : '';
      return { ok: true, value: { columns: run.value.columns, rows: run.value.rows, datasetName } };
    },
  };
}

function toOutcome<T>(outcome: EngineOutcome<T>): QueryOutcome<T> {
  return outcome.ok ? { ok: true, value: outcome.value } : { ok: false, problem: toProblem(outcome.error) };
}

function toProblem(error: EngineError): QueryProblem {
  return { message: error.message, line: error.line, column: error.column };
}
