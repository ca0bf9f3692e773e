import type { ColumnItem, IqlFile, Literal, Query } from '../parser/ast';
import type { Catalog, CatalogDataset, CatalogRepresentation } from '../catalog/catalog';
import { valueKindOf, type ValueKind } from '../catalog/data-types';
import { createQueryScope, datasetNotNamed, resolveReference, type QueryScope } from '../catalog/resolve-reference';
import { didYouMean, suggestNames } from '../catalog/suggest';
import type { AnalysisProblem } from './problem';
import { namedDatasetUses, refUses, type RefUse } from './query-walk';

export interface CatalogCheckOptions {
  /** True when names are collaboration dataset names; only changes the wording. */
  readonly collaboration?: boolean;
}

/**
 * The checks of LANGUAGE.md §8 for every query of `file`: everything that needs the catalog
 * but no service call. Pure; the problems come in source order.
 */
export function checkFileAgainstCatalog(file: IqlFile, catalog: Catalog, options: CatalogCheckOptions = {}): AnalysisProblem[] {
  return file.queries.flatMap((query) => checkQueryAgainstCatalog(query, catalog, options));
}

export function checkQueryAgainstCatalog(query: Query, catalog: Catalog, options: CatalogCheckOptions = {}): AnalysisProblem[] {
  const problems: AnalysisProblem[] = [];
  const uses = namedDatasetUses(query);
  for (const { name } of uses) {
    if (catalog.findDataset(name.text)) continue;
    const suggestions = suggestNames(name.text, catalog.datasets.map((d) => d.name));
    const kind = options.collaboration ? 'collaboration dataset' : 'dataset';
    problems.push({
      code: 'iql.unknown-dataset',
      severity: 'error',
      span: name.span,
      message:
        `Unknown ${kind} '${name.text}'.` +
        (suggestions.length > 0 ? didYouMean(suggestions) : ` No ${kind} of this name is visible to this target.`),
      data: { replacements: suggestions },
    });
  }
  // Without FROM the query names no audience, so every category would look unknown or its
  // dataset unnamed: the one missing-from problem says what to write, and these checks wait for it.
  if (!query.from) return problems;
  const scope = createQueryScope(catalog, uses.map((u) => u.name));
  for (const use of refUses(query)) problems.push(...checkRefUse(use, scope));
  for (const item of query.select.items) if (item.kind === 'Column') problems.push(...checkOutputColumn(item, scope, catalog));
  return problems.sort((a, b) => a.span.start - b.span.start);
}

function checkRefUse(use: RefUse, scope: QueryScope): AnalysisProblem[] {
  const resolution = resolveReference(use.ref, scope);
  if (resolution.kind === 'problem') return [resolution.problem];
  if (resolution.kind === 'unresolved') return [];
  const { category, representation } = resolution;
  const kind = valueKindOf(representation?.dataType);
  const label = representation?.label ?? category.label;
  switch (use.kind) {
    case 'dimension':
      return use.bins ? checkBins(use.bins, kind, label) : [];
    case 'measure':
      return kind === 'string'
        ? [problemAt(use.ref.span, 'iql.measure-type', `${use.fn} needs a numeric category; '${category.label}' holds text. Use AGGREGATE or TOPN to count its values instead.`)]
        : [];
    case 'comparison':
      return use.values.flatMap((value) => checkComparedValue(value, kind, category.label, representation));
    case 'topn':
      return [];
  }
}

function checkBins(values: readonly Literal[], kind: ValueKind, label: string): AnalysisProblem[] {
  const problems: AnalysisProblem[] = [];
  for (const value of values) {
    const mismatch = typeMismatch(value, kind);
    if (mismatch === 'string-on-number') {
      problems.push(problemAt(value.span, 'iql.bins-type', `String bin on the numeric representation '${label}': numeric bins are boundaries, e.g. {18, 30, 50}.`));
    } else if (mismatch === 'number-on-string') {
      problems.push(problemAt(value.span, 'iql.bins-type', `Numeric bin on the text representation '${label}': list the values in single quotes, e.g. {'${value.kind === 'Number' ? value.raw : 'Value'}'}.`));
    }
  }
  if (problems.length > 0) return problems;

  const seen = new Set<string>();
  let previous: number | undefined;
  for (const value of values) {
    const key = value.kind === 'Number' ? `n:${value.value}` : `s:${value.value}`;
    if (seen.has(key)) {
      problems.push(problemAt(value.span, 'iql.bins-duplicate', `Duplicate bin ${formatLiteral(value)}: list each bin once.`));
      continue;
    }
    seen.add(key);
    if (value.kind === 'Number') {
      if (previous !== undefined && value.value <= previous) {
        problems.push(problemAt(value.span, 'iql.bins-order', `Numeric bins must be strictly ascending: ${value.raw} comes after ${previous}.`));
      }
      previous = value.value;
    }
  }
  return problems;
}

function checkComparedValue(value: Literal, kind: ValueKind, label: string, representation: CatalogRepresentation | undefined): AnalysisProblem[] {
  const mismatch = typeMismatch(value, kind);
  if (mismatch === 'string-on-number') {
    return [problemAt(value.span, 'iql.compare-type', `'${label}' holds numbers: compare it with a number (e.g. 30), not with the text ${formatLiteral(value)}.`)];
  }
  if (mismatch === 'number-on-string') {
    const example = representation?.possibleValues?.[0] ?? 'Value';
    return [problemAt(value.span, 'iql.compare-type', `'${label}' holds text: compare it with a string in single quotes (e.g. '${example}'), not with the number ${value.kind === 'Number' ? value.raw : ''}.`)];
  }
  return [];
}

function typeMismatch(value: Literal, kind: ValueKind): 'string-on-number' | 'number-on-string' | undefined {
  if (kind === 'number' && value.kind !== 'Number') return 'string-on-number';
  if (kind === 'string' && value.kind === 'Number') return 'number-on-string';
  return undefined;
}

function checkOutputColumn(item: ColumnItem, scope: QueryScope, catalog: Catalog): AnalysisProblem[] {
  const qualifier = item.dataset;
  if (!scope.datasets.has(qualifier.text)) return [datasetNotNamed(qualifier, [...scope.datasets.keys()])];
  const dataset = scope.datasets.get(qualifier.text);
  if (!dataset) return [];
  if (!dataset.activation) {
    const activationDatasets = catalog.datasets.filter((d) => d.activation && scope.datasets.has(d.name)).map((d) => d.name);
    const hint = activationDatasets.length > 0 ? ` Select columns of ${activationDatasets.join(' or ')} instead.` : ' Only an activation dataset\'s output columns can be exported.';
    return [problemAt(qualifier.span, 'iql.not-activation', `'${dataset.name}' is not an activation dataset, so its columns cannot be exported.${hint}`)];
  }
  if (item.column && !dataset.outputColumns.includes(item.column.text)) {
    return [unknownColumn(item, dataset)];
  }
  return [];
}

function unknownColumn(item: ColumnItem, dataset: CatalogDataset): AnalysisProblem {
  const column = item.column!;
  const suggestions = suggestNames(column.text, dataset.outputColumns);
  return {
    code: 'iql.unknown-column',
    severity: 'error',
    span: column.span,
    message:
      `Unknown output column '${column.text}' of ${dataset.name}.` +
      (suggestions.length > 0 ? didYouMean(suggestions) : ` Its output columns are: ${dataset.outputColumns.join(', ') || 'none'}.`),
    data: { replacements: suggestions },
  };
}

function problemAt(span: { start: number; end: number }, code: string, message: string): AnalysisProblem {
  return { code, severity: 'error', span, message };
}

function formatLiteral(value: Literal): string {
  return value.kind === 'Number' ? value.raw : `'${value.value}'`;
}
