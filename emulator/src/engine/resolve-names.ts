/**
 * Name resolution (LANGUAGE.md §7): datasets, categories and representations of a query are
 * looked up among the datasets it names. Failures are thrown as `ResolveFailure` inside the
 * resolver only; `resolveQuery` turns them into values before anything leaves the engine.
 */
import type { Name, Ref, Span } from '../../../language/src/parser/index';
import type { BoundRef } from './bound-query';
import { errorAt } from './engine-error';
import type { EngineError, EngineErrorCode } from './engine-error';
import type { EngineCategory, EngineDataType, EngineDataset, EngineRepresentation } from './model';
import { listNames, suggestName } from './suggest-name';

/** Data types whose values compare, bin and add up as numbers. */
export const NUMERIC_DATA_TYPES: ReadonlySet<EngineDataType> = new Set<EngineDataType>(['INTEGERS', 'FLOAT']);

/** Internal control flow of the resolver; never escapes `resolveQuery`. */
export class ResolveFailure {
  constructor(readonly error: EngineError) {}
}

/** The lookup scope of one query: the catalog and the datasets the query names. */
export class NameScope {
  /** The distinct named datasets, in naming order. */
  readonly named: EngineDataset[] = [];
  private readonly indexByName = new Map<string, number>();

  constructor(
    private readonly text: string,
    private readonly catalog: readonly EngineDataset[],
  ) {}

  fail(span: Span, code: EngineErrorCode, message: string): never {
    throw new ResolveFailure(errorAt(this.text, span, code, message));
  }

  /** Adds a dataset named in FROM, ENRICH WITH or LINK WITH; answers its index in `named`. */
  addNamed(name: Name): number {
    const known = this.indexByName.get(name.text);
    if (known !== undefined) return known;
    const dataset = this.catalog.find((candidate) => candidate.name === name.text);
    if (dataset === undefined) this.failUnknownDataset(name);
    this.named.push(dataset);
    this.indexByName.set(name.text, this.named.length - 1);
    return this.named.length - 1;
  }

  /** The index of a dataset used in SELECT or WHERE, which must be named by the query. */
  namedIndex(name: Name, clause: string): number {
    const index = this.indexByName.get(name.text);
    if (index !== undefined) return index;
    if (this.catalog.some((candidate) => candidate.name === name.text)) {
      this.fail(
        name.span,
        'iql.dataset-not-named',
        `dataset '${name.text}' is used in ${clause} but not named in FROM, ENRICH WITH or LINK WITH; ` +
          `add it to the audience or write ENRICH WITH ${name.text}`,
      );
    }
    return this.failUnknownDataset(name);
  }

  private failUnknownDataset(name: Name): never {
    const names = this.catalog.map((dataset) => dataset.name);
    const suggestion = suggestName(name.text, names);
    const hint =
      suggestion !== undefined
        ? `did you mean '${suggestion}'?`
        : names.length === 0
          ? 'no dataset is available to you'
          : `the datasets you can query are ${listNames(names)}`;
    return this.fail(name.span, 'iql.unknown-dataset', `unknown dataset '${name.text}'; ${hint}`);
  }

  /** Resolves `[dataset.]category[/representation]`. */
  resolveRef(ref: Ref, clause: string): BoundRef {
    const categoryName = ref.category;
    if (categoryName === undefined) return this.fail(ref.span, 'iql.syntax', 'a category name is expected here');
    const datasetIndex =
      ref.dataset !== undefined ? this.namedIndex(ref.dataset, clause) : this.findUnqualified(categoryName);
    const dataset = this.named[datasetIndex];
    const category = dataset.categories.find((candidate) => candidate.label === categoryName.text);
    if (category === undefined) this.failUnknownCategoryOf(dataset, categoryName);
    const representation = this.resolveRepresentation(dataset, category, ref.representation);
    return {
      dataset: datasetIndex,
      category,
      representation,
      representationExplicit: ref.representation !== undefined,
      numeric: NUMERIC_DATA_TYPES.has(category.data_type),
      span: ref.span,
    };
  }

  private findUnqualified(categoryName: Name): number {
    const holders: number[] = [];
    this.named.forEach((dataset, index) => {
      if (dataset.categories.some((category) => category.label === categoryName.text)) holders.push(index);
    });
    if (holders.length === 1) return holders[0];
    const label = categoryName.text;
    if (holders.length > 1) {
      const names = holders.map((index) => this.named[index].name);
      this.fail(
        categoryName.span,
        'iql.ambiguous-category',
        `ambiguous category '${label}': found in ${names.join(', ')} — qualify it, e.g. ${names[0]}.${quoteIfNeeded(label)}`,
      );
    }
    const labels = this.named.flatMap((dataset) => dataset.categories.map((category) => category.label));
    const suggestion = suggestName(label, labels);
    const where = this.named.map((dataset) => dataset.name).join(', ');
    return this.fail(
      categoryName.span,
      'iql.unknown-category',
      `unknown category '${label}': none of the datasets the query names (${where}) has it` +
        (suggestion !== undefined ? `; did you mean '${suggestion}'?` : ''),
    );
  }

  private failUnknownCategoryOf(dataset: EngineDataset, categoryName: Name): never {
    const label = categoryName.text;
    if (dataset.keys.includes(label)) {
      this.fail(
        categoryName.span,
        'iql.unknown-category',
        `'${label}' is a match key of ${dataset.name}, not a category; keys join datasets but cannot be counted or filtered`,
      );
    }
    const labels = dataset.categories.map((category) => category.label);
    const suggestion = suggestName(label, labels);
    const hint =
      suggestion !== undefined
        ? `did you mean '${suggestion}'?`
        : labels.length === 0
          ? `${dataset.name} has no categories`
          : `its categories are ${listNames(labels)}`;
    return this.fail(categoryName.span, 'iql.unknown-category', `unknown category '${label}' in ${dataset.name}; ${hint}`);
  }

  private resolveRepresentation(
    dataset: EngineDataset,
    category: EngineCategory,
    name: Name | undefined,
  ): EngineRepresentation {
    const representations = category.representations;
    if (name === undefined) return representations[0] ?? { label: category.label };
    const found = representations.find((candidate) => candidate.label === name.text);
    if (found !== undefined) return found;
    const labels = representations.map((representation) => representation.label);
    const suggestion = suggestName(name.text, labels);
    return this.fail(
      name.span,
      'iql.unknown-representation',
      `unknown representation '${name.text}' of category '${category.label}' in ${dataset.name}; ` +
        (suggestion !== undefined ? `did you mean '${suggestion}'?` : `its representations are ${listNames(labels)}`),
    );
  }
}

/** A name as it would be written in a query: quoted unless it is a plain identifier. */
export function quoteIfNeeded(name: string): string {
  const plain = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !KEYWORDS.has(name.toUpperCase());
  return plain ? name : `"${name.replace(/"/g, '""')}"`;
}

/** Keywords cannot be identifiers (LANGUAGE.md §1), so a category named like one is quoted. */
const KEYWORDS: ReadonlySet<string> = new Set(
  'SELECT FROM WHERE AND ENRICH LINK WITH UNION INTERSECT EXCLUDE COUNT AGGREGATE TOPN SUM AVG OR NOT IN'.split(' '),
);
