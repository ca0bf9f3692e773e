/**
 * A query after name resolution: every dataset, category and representation looked up in the
 * catalog, every literal checked against its category's type. Evaluation, explain and
 * validation all start from this, so the lookup rules live in one place (resolve-query.ts).
 */
import type { CompareOperator, Query, SetOperator, Span } from '../../../language/src/parser/index';
import type { EngineCategory, EngineDataset, EngineRepresentation } from './model';

/** A category of one named dataset, with the representation the query selected. */
export interface BoundRef {
  /** Index into `BoundQuery.datasets`. */
  readonly dataset: number;
  readonly category: EngineCategory;
  readonly representation: EngineRepresentation;
  /** True when the query wrote `/representation`; false when the default was taken. */
  readonly representationExplicit: boolean;
  /** True for INTEGERS and FLOAT categories: values compare and bin as numbers. */
  readonly numeric: boolean;
  readonly span: Span;
}

/** How a dimension's values become bins (LANGUAGE.md §9, "Bins"). */
export type BinSpec =
  | { readonly kind: 'ranges'; readonly bounds: readonly number[] }
  | { readonly kind: 'values'; readonly values: readonly string[] }
  | { readonly kind: 'distinct' };

export interface BoundDimension {
  readonly ref: BoundRef;
  readonly bins: BinSpec;
  /** True when the bins were written in the query (`{…}`). */
  readonly explicitBins: boolean;
}

export type BoundAudience =
  | { readonly kind: 'dataset'; readonly dataset: number }
  | { readonly kind: 'operation'; readonly operator: SetOperator; readonly left: BoundAudience; readonly right: BoundAudience }
  | { readonly kind: 'group'; readonly inner: BoundAudience };

export type BoundCondition =
  | {
      readonly kind: 'compare';
      readonly ref: BoundRef;
      readonly operator: CompareOperator;
      readonly value: string | number;
      /** The comparison as written, for explain. */
      readonly text: string;
    }
  | { readonly kind: 'in'; readonly ref: BoundRef; readonly values: readonly (string | number)[]; readonly text: string }
  | { readonly kind: 'and' | 'or'; readonly operands: readonly BoundCondition[] }
  | { readonly kind: 'not'; readonly operand: BoundCondition };

export interface BoundMeasure {
  readonly fn: 'SUM' | 'AVG';
  readonly ref: BoundRef;
}

export type BoundSelection =
  | { readonly kind: 'count' }
  | { readonly kind: 'aggregate'; readonly dimensions: readonly BoundDimension[] }
  | { readonly kind: 'topn'; readonly dimension: BoundDimension; readonly n: number }
  | { readonly kind: 'measures'; readonly measures: readonly BoundMeasure[] }
  | { readonly kind: 'activation'; readonly dataset: number; readonly columns: readonly string[] };

export interface BoundQuery {
  readonly text: string;
  readonly ast: Query;
  readonly type: 'insight' | 'activation';
  /** The distinct datasets the query names, in order: FROM left to right, ENRICH, LINK. */
  readonly datasets: readonly EngineDataset[];
  /** Indexes into `datasets` of the datasets named in FROM. */
  readonly audienceDatasets: readonly number[];
  readonly audience: BoundAudience;
  readonly condition?: BoundCondition;
  /** The WHERE condition as written, or '' without WHERE. */
  readonly conditionText: string;
  readonly selection: BoundSelection;
}
