/**
 * The emulator's query engine: pure and deterministic, no I/O. Its caller (engine-adapter.ts)
 * describes the datasets the caller may see as `EngineDataset`s, whose tables are the loaded
 * dictionary-encoded columns (data/dictionary-column.ts), and turns `EngineError`s into 400
 * answers with `line`/`column` metadata. README.md states what the engine may import.
 *
 * Every entry point answers `EngineOutcome` ({ok: true, value} or {ok: false, error}) and
 * never throws. Semantics: LANGUAGE.md §9; wire shapes: common/api/v1-queries.ts and
 * v1-activations.ts.
 */
export type {
  DatasetTable,
  EngineCategory,
  EngineDataType,
  EngineDataset,
  EngineRepresentation,
} from './model';
export type { EngineError, EngineErrorCode, EngineOutcome } from './engine-error';
export type { ExpectedQueryType } from './bind-query';
export type { EngineOptions } from './engine-options';
export { MatchingCache } from './matching-cache';
export { validateQuery } from './validate-query';
export type { ValidQuery } from './validate-query';
export { explainQuery } from './explain-query';
export type { ExplainOptions } from './explain-query';
export { runInsightQuery } from './run-insight-query';
export { runActivationQuery } from './run-activation-query';
export type { ActivationRun } from './run-activation-query';
export { countMatches } from './match-rate';
export type { MatchCount } from './match-rate';
