/**
 * The one file that knows both sides of the emulator's query boundary: it implements the
 * `QueryEngine` the HTTP layer asks for (query-engine.ts) with the pure engine (engine/).
 * It only translates: catalog entries become `EngineDataset`s whose table is the loaded
 * dataset itself (no column is copied), and engine errors become `QueryProblem`s. One adapter
 * per loaded data folder, so its matching cache never outlives the data it describes.
 */
import { MatchingCache, countMatches, explainQuery, runActivationQuery, runInsightQuery, validateQuery } from './engine';
import type { EngineDataset, EngineError, EngineOutcome } from './engine';
import type { NamedDataset, QueryEngine, QueryOutcome, QueryProblem } from './query-engine';

/** Creates the engine the HTTP layer uses; it keeps the matchings of recent dataset sets. */
export function createQueryEngine(): QueryEngine {
  const cache = new MatchingCache(16);
  return {
    validate: (query, datasets, expected) => toOutcome(validateQuery(query, datasets.map(toEngineDataset), expected)),
    explain: (query, datasets) => toOutcome(explainQuery(query, datasets.map(toEngineDataset))),
    runInsight: (query, datasets) => toOutcome(runInsightQuery(query, datasets.map(toEngineDataset), { cache })),
    runActivation: (query, datasets) => {
      const run = runActivationQuery(query, datasets.map(toEngineDataset), { cache });
      if (!run.ok) return { ok: false, problem: toProblem(run.error) };
      return { ok: true, value: { columns: run.value.columns, rows: run.value.rows, datasetName: run.value.datasetName } };
    },
    countMatches: (base, other) => countMatches(toEngineDataset(base), toEngineDataset(other), cache),
  };
}

/**
 * The engine's view of a dataset a query may name. The table is the `LoadedDataset` object
 * itself: the matching cache recognises datasets by their table, and a loaded dataset is
 * never rebuilt while its folder is served.
 */
function toEngineDataset({ name, dataset, activation, restrictions }: NamedDataset): EngineDataset {
  const meta = dataset.meta;
  return {
    name,
    privateId: meta.private_id,
    publicName: meta.public_name,
    datasetId: meta.dataset_id,
    keys: meta.keys,
    categories: meta.categories,
    outputColumns: meta.output_columns,
    activation,
    ...(restrictions ? { restrictions } : {}),
    redactionThreshold: meta.redaction_threshold,
    roundingThreshold: meta.rounding_threshold,
    table: dataset,
  };
}

function toOutcome<T>(outcome: EngineOutcome<T>): QueryOutcome<T> {
  return outcome.ok ? { ok: true, value: outcome.value } : { ok: false, problem: toProblem(outcome.error) };
}

function toProblem(error: EngineError): QueryProblem {
  return { message: error.message, line: error.line, column: error.column };
}
