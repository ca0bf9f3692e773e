import type { Name, Ref } from '../parser/ast';
import type { AnalysisProblem } from '../analysis/problem';
import { findCategory, findRepresentation, type Catalog, type CatalogCategory, type CatalogDataset, type CatalogRepresentation } from './catalog';
import { didYouMean, suggestNames } from './suggest';

/** The datasets a query names, as resolved against the catalog. */
export interface QueryScope {
  /** Names in source order, each with its dataset when the catalog has it. */
  readonly datasets: ReadonlyMap<string, CatalogDataset | undefined>;
}

export function createQueryScope(catalog: Catalog, names: readonly Name[]): QueryScope {
  const datasets = new Map<string, CatalogDataset | undefined>();
  for (const name of names) if (!datasets.has(name.text)) datasets.set(name.text, catalog.findDataset(name.text));
  return { datasets };
}

export type Resolution =
  | {
      readonly kind: 'resolved';
      readonly dataset: CatalogDataset;
      readonly category: CatalogCategory;
      /** The representation written after `/`, else the default one; absent if the category has none. */
      readonly representation?: CatalogRepresentation;
    }
  /** Nothing more can be said, and nothing is wrong that is not reported elsewhere. */
  | { readonly kind: 'unresolved' }
  | { readonly kind: 'problem'; readonly problem: AnalysisProblem };

/**
 * Resolves `dataset.category/representation` within the datasets a query names
 * (LANGUAGE.md §7): a qualified reference must name one of them; an unqualified category must
 * be found in exactly one of them.
 */
export function resolveReference(ref: Ref, scope: QueryScope): Resolution {
  const category = ref.category;
  if (!category) return { kind: 'unresolved' };
  const named = [...scope.datasets.keys()];

  let dataset: CatalogDataset;
  if (ref.dataset) {
    const qualifier = ref.dataset;
    if (!scope.datasets.has(qualifier.text)) return { kind: 'problem', problem: datasetNotNamed(qualifier, named) };
    const found = scope.datasets.get(qualifier.text);
    if (!found || !found.categoriesKnown) return { kind: 'unresolved' };
    if (!findCategory(found, category.text)) {
      return unknownCategory(category, `in ${qualifier.text}.`, found.categories.map((c) => c.label));
    }
    dataset = found;
  } else {
    const known = [...scope.datasets.values()].filter((d): d is CatalogDataset => d !== undefined);
    // With a dataset whose categories are unknown, an unqualified name might live there.
    if (known.length < scope.datasets.size || known.some((d) => !d.categoriesKnown)) {
      const holders = known.filter((d) => d.categoriesKnown && findCategory(d, category.text));
      if (holders.length !== 1) return { kind: 'unresolved' };
      dataset = holders[0]!;
    } else {
      const holders = known.filter((d) => findCategory(d, category.text));
      if (holders.length === 0) {
        const where = known.length === 0 ? 'the query names no dataset' : `none of ${known.map((d) => d.name).join(', ')} has it`;
        return unknownCategory(category, `: ${where}.`, known.flatMap((d) => d.categories.map((c) => c.label)));
      }
      if (holders.length > 1) {
        const names = holders.map((d) => d.name);
        return {
          kind: 'problem',
          problem: {
            code: 'iql.ambiguous-category',
            severity: 'error',
            span: category.span,
            message: `Ambiguous category '${category.text}': found in ${names.join(', ')} — qualify it, e.g. ${names[0]}.${category.quoted ? `"${category.text}"` : category.text}.`,
            data: { qualifiers: names },
          },
        };
      }
      dataset = holders[0]!;
    }
  }

  const resolvedCategory = findCategory(dataset, category.text)!;
  const representation = findRepresentation(resolvedCategory, ref.representation?.text);
  if (ref.representation && !representation) {
    const labels = resolvedCategory.representations.map((r) => r.label);
    const suggestions = suggestNames(ref.representation.text, labels);
    return {
      kind: 'problem',
      problem: {
        code: 'iql.unknown-representation',
        severity: 'error',
        span: ref.representation.span,
        message:
          `Unknown representation '${ref.representation.text}' of ${dataset.name}.${resolvedCategory.label}.` +
          (suggestions.length > 0 ? didYouMean(suggestions) : ` Its representations are: ${labels.join(', ') || 'none'}.`),
        data: { replacements: suggestions },
      },
    };
  }
  return { kind: 'resolved', dataset, category: resolvedCategory, ...(representation ? { representation } : {}) };
}

/** A qualifier that is not among the query's datasets. */
export function datasetNotNamed(qualifier: Name, named: readonly string[]): AnalysisProblem {
  const options = named.length > 0 ? ` or use one of: ${named.join(', ')}` : '';
  return {
    code: 'iql.dataset-not-named',
    severity: 'error',
    span: qualifier.span,
    message: `'${qualifier.text}' is not named in FROM, ENRICH WITH or LINK WITH: add it there (e.g. ENRICH WITH ${qualifier.quoted ? `"${qualifier.text}"` : qualifier.text})${options}.`,
    data: { replacements: suggestNames(qualifier.text, named) },
  };
}

/** `Unknown category 'X' <where>` with "did you mean" among `labels`. */
function unknownCategory(category: Name, where: string, labels: readonly string[]): Resolution {
  const suggestions = suggestNames(category.text, labels);
  return {
    kind: 'problem',
    problem: {
      code: 'iql.unknown-category',
      severity: 'error',
      span: category.span,
      message: `Unknown category '${category.text}'${where.startsWith(':') ? '' : ' '}${where}${didYouMean(suggestions)}`,
      data: { replacements: suggestions },
    },
  };
}
