/**
 * What the HTTP layer needs from a query engine. Routes only see this interface; the one
 * implementation lives in engine-adapter.ts, which maps loaded datasets to the engine's
 * model. Tests may pass a fake.
 */
import type { DatasetRestrictions } from '../../language/src/rules/index';
import type { ExplainQueryResponse, QueryResult } from '../../common/api';
import type { LoadedDataset } from './data/loaded-data';

/** A dataset as a query may name it. */
export interface NamedDataset {
  /** The private ID (API 1.0) or the collaboration dataset name. */
  readonly name: string;
  readonly dataset: LoadedDataset;
  /** Whether activation queries may export its output columns here. */
  readonly activation: boolean;
  /** In a collaboration, what it lets members do with the dataset. */
  readonly restrictions?: DatasetRestrictions;
}

/** A query problem: the message is shown to people unaltered; line and column are 1-based. */
export interface QueryProblem {
  readonly message: string;
  readonly line?: number;
  readonly column?: number;
}

export type QueryOutcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: QueryProblem };

/** What validation learns about a valid query. */
export interface ValidatedQuery {
  readonly queryType: 'insight' | 'activation';
  /** Every dataset the query names, as it names them (private IDs, or collaboration dataset names). */
  readonly datasets: readonly string[];
  /** Activation queries: the dataset whose output columns are exported, as the query names it. */
  readonly outputDataset?: string;
  /** Activation queries: the output columns, in the order selected. */
  readonly outputColumns?: readonly string[];
}

/** The rows an activation query exports. */
export interface ActivationRows {
  /** The output columns, in the order the query selects them. */
  readonly columns: readonly string[];
  /** One row per exported record; '' is an empty cell. */
  readonly rows: readonly (readonly string[])[];
  /** Name (as the query writes it) of the dataset whose output columns are exported. */
  readonly datasetName: string;
}

/**
 * Every method judges the query against `datasets` only: the caller's visible datasets, so an
 * invisible dataset is reported exactly like one that does not exist. None of them throws.
 */
export interface QueryEngine {
  /** Parses and resolves without reading data; `expected` says which endpoint is asking. */
  validate(query: string, datasets: readonly NamedDataset[], expected: 'insight' | 'activation'): QueryOutcome<ValidatedQuery>;
  /** The ExplainQuery answer for an insight or activation query. */
  explain(query: string, datasets: readonly NamedDataset[]): QueryOutcome<ExplainQueryResponse>;
  /** The Get a Result body of an insight query. */
  runInsight(query: string, datasets: readonly NamedDataset[]): QueryOutcome<QueryResult>;
  /** The export of an activation query. */
  runActivation(query: string, datasets: readonly NamedDataset[]): QueryOutcome<ActivationRows>;
  /** Of `base`'s individuals, how many `other` holds too (Calculate match rate). */
  countMatches(base: NamedDataset, other: NamedDataset): { readonly individuals: number; readonly matched: number };
}
