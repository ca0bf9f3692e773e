import {
  CompletionItemKind,
  InsertTextFormat,
  type CompletionItem,
  type CompletionList,
  type Range,
} from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { findCategory, findRepresentation, type Catalog, type CatalogCategory, type CatalogDataset } from '../catalog/catalog';
import { describeCategory, describeDataset } from './catalog-docs';
import { getCompletionSite, type CompletionSite, type PartialRef } from './completion-context';
import { querySnippets, type QuerySnippet } from './query-snippets';
import { needsQuotes, writeName, writeString } from '../../../common/iql/names';

/** Completion items beyond this many are cut, and the list is marked incomplete. */
export const MAX_COMPLETION_ITEMS = 500;

/**
 * What `completionItem/resolve` needs to add documentation later: a dataset, or one of its
 * categories. Kept to the names alone: every item carries it, and the answer's size is most of
 * what a completion costs the server and the editor (encoded, sent and decoded).
 */
export interface CompletionData {
  readonly dataset: string;
  readonly category?: string;
}

/**
 * A list's default data (LSP 3.17 `itemDefaults.data`) when every item's data follows from its
 * label: all datasets (after FROM), or all categories of one dataset (after `Retail.`). The
 * items then carry no data of their own, and the editor gives each this default to resolve.
 */
export type SharedCompletionData = { readonly labelIs: 'dataset' } | { readonly labelIs: 'category'; readonly dataset: string };

export interface CompletionOptions {
  /** The client accepts a list's default edit range (`itemDefaults.editRange`). */
  readonly sharedEditRange?: boolean;
  /** The client accepts a list's default data (`itemDefaults.data`). */
  readonly sharedData?: boolean;
}

/**
 * Completion at `offset`: keywords and functions by position, datasets, categories, output
 * columns, representations and values from `catalog` (when the document has one). Labels show
 * names as the author reads them; insert texts quote names that need quotes. Documentation is
 * left to `resolveCompletionItem`, so that a catalog of thousands of datasets stays fast.
 *
 * Every item replaces the same range (the word being typed). With `options.sharedEditRange`
 * (for a client that accepts LSP 3.17's `itemDefaults.editRange`, as VS Code does) that range is
 * given once, as the list's default, and each item carries only its text (`textEditText`, or
 * nothing when it is the label): writing the range into each of 500 items was ~40 % of the answer.
 * With `options.sharedData` (`itemDefaults.data`), a list whose items' data all follow from their
 * labels gives that data once (SharedCompletionData): ~40 % of the answer for one dataset's categories.
 */
export function getCompletions(document: TextDocument, offset: number, catalog: Catalog | undefined, options: CompletionOptions = {}): CompletionList {
  const site = getCompletionSite(document.getText(), offset);
  const range: Range = { start: document.positionAt(site.replace.start), end: document.positionAt(site.replace.end) };
  const builder = new ItemBuilder(site, range, options);
  const context = site.context;
  const datasetsNamed = (): CatalogDataset[] =>
    site.namedDatasets.map((name) => catalog?.findDataset(name)).filter((d): d is CatalogDataset => d !== undefined);

  switch (context.kind) {
    case 'none':
      break;
    case 'query-start': {
      builder.keywords(['SELECT']);
      // Directives belong at the top of a file, before its first query.
      const beforeFirstQuery = !/\bselect\b/i.test(document.getText().slice(0, site.replace.start));
      const snippets = querySnippets(catalog).filter((s) => beforeFirstQuery || !s.body.startsWith('--'));
      snippets.forEach((snippet, index) => builder.snippet(snippet, index));
      break;
    }
    case 'directive':
      builder.directive('@collaboration', 'Names below are collaboration dataset names of this collaboration ID');
      builder.directive('@profile', 'Use the connection profile of this name');
      break;
    case 'selection':
      if (site.queryType !== 'activation') {
        builder.fn('COUNT', 'COUNT()', 'The number of individuals in the audience');
        builder.fn('AGGREGATE', 'AGGREGATE(${1:category})', 'Counts broken down by one or more dimensions');
        builder.fn('TOPN', 'TOPN(${1:category}, ${2:10})', 'The n most frequent values of a category');
        builder.fn('SUM', 'SUM(${1:category})', 'The total of a numeric category');
        builder.fn('AVG', 'AVG(${1:category})', 'The average of a numeric category');
      }
      if (site.queryType !== 'insight') {
        for (const dataset of datasetsNamed().filter((d) => d.activation)) builder.qualifier(dataset, 'Output columns of this activation dataset');
      }
      break;
    case 'after-selection':
      builder.keywords(['FROM']);
      break;
    case 'dataset':
      builder.datasets(catalog?.datasets ?? []);
      break;
    case 'after-audience':
      // Most queries filter next; the set operators continue the audience; the WITH clauses come last.
      builder.keywords(['WHERE', 'INTERSECT', 'UNION', 'EXCLUDE', 'ENRICH WITH', 'LINK WITH']);
      break;
    case 'with-keyword':
      builder.keywords(['WITH']);
      break;
    case 'after-with':
      if (context.clause === 'enrich') builder.keywords(['LINK WITH']);
      break;
    case 'category': {
      if (context.dataset !== undefined) {
        const dataset = catalog?.findDataset(context.dataset);
        if (dataset) builder.categories(dataset, dataset.categories, false);
      } else {
        addUnqualifiedCategories(builder, datasetsNamed());
        if (context.clause === 'where') builder.keywords(['NOT']);
      }
      break;
    }
    case 'column': {
      const dataset = catalog?.findDataset(context.dataset);
      for (const column of dataset?.outputColumns ?? []) builder.name(column, CompletionItemKind.Field, 'output column', `c:${column}`);
      break;
    }
    case 'representation': {
      const resolved = resolvePartialRef(context.ref, catalog, site);
      for (const representation of resolved?.category.representations ?? []) {
        builder.name(representation.label, CompletionItemKind.EnumMember, representation.dataType ?? 'representation', `r:${representation.label}`);
      }
      break;
    }
    case 'operator':
      for (const operator of ['=', '!=', '<', '<=', '>', '>=']) builder.operator(operator);
      builder.fnSnippet('IN', "IN ('${1:value}')", 'One of several values');
      break;
    case 'value': {
      const resolved = resolvePartialRef(context.ref, catalog, site);
      const representation = resolved ? findRepresentation(resolved.category, context.ref.representation) : undefined;
      for (const value of representation?.possibleValues ?? []) builder.value(value);
      break;
    }
    case 'after-condition':
      // After a value: the condition goes on (AND first, as most filters narrow), or the query's last clauses.
      builder.keywords(['AND', 'OR', 'ENRICH WITH', 'LINK WITH']);
      break;
  }
  return builder.build();
}

/**
 * Categories of the datasets a query names. A label found in several of them is offered
 * qualified once per dataset (`Retail.Age`, `Bank.Age`), since unqualified it would be
 * ambiguous; the datasets themselves are offered too, to qualify by hand.
 */
function addUnqualifiedCategories(builder: ItemBuilder, named: readonly CatalogDataset[]): void {
  const holders = new Map<string, CatalogDataset[]>();
  for (const dataset of named) {
    for (const category of dataset.categories) {
      const list = holders.get(category.label) ?? [];
      list.push(dataset);
      holders.set(category.label, list);
    }
  }
  for (const dataset of named) {
    const unique = dataset.categories.filter((c) => holders.get(c.label)!.length === 1);
    const shared = dataset.categories.filter((c) => holders.get(c.label)!.length > 1);
    builder.categories(dataset, unique, false);
    builder.categories(dataset, shared, true);
    builder.qualifier(dataset, 'Qualify a category with this dataset');
  }
}

function resolvePartialRef(
  ref: PartialRef,
  catalog: Catalog | undefined,
  site: CompletionSite,
): { dataset: CatalogDataset; category: CatalogCategory } | undefined {
  if (!catalog) return undefined;
  const candidates = ref.dataset !== undefined ? [ref.dataset] : site.namedDatasets;
  for (const name of candidates) {
    const dataset = catalog.findDataset(name);
    const category = dataset ? findCategory(dataset, ref.category) : undefined;
    if (dataset && category) return { dataset, category };
  }
  return undefined;
}

/**
 * Adds documentation to an item produced by `getCompletions`, from the catalog it came from.
 */
export function resolveCompletionItem(item: CompletionItem, catalog: Catalog | undefined): CompletionItem {
  const data = dataOf(item);
  if (!catalog || !data) return item;
  const dataset = catalog.findDataset(data.dataset);
  if (!dataset) return item;
  if (data.category === undefined) return { ...item, documentation: { kind: 'markdown', value: describeDataset(dataset) } };
  const category = findCategory(dataset, data.category);
  return category ? { ...item, documentation: { kind: 'markdown', value: describeCategory(dataset, category) } } : item;
}

/** What an item's data names: its own CompletionData, or the list's default (the editor copies it into the item) read with its label. */
function dataOf(item: CompletionItem): CompletionData | undefined {
  const data = item.data as (Partial<CompletionData> & { labelIs?: unknown }) | null | undefined;
  if (data === null || typeof data !== 'object') return undefined;
  if (data.labelIs === 'dataset') return { dataset: item.label };
  if (data.labelIs === 'category') return typeof data.dataset === 'string' ? { dataset: data.dataset, category: item.label } : undefined;
  if (typeof data.dataset !== 'string') return undefined;
  return typeof data.category === 'string' ? { dataset: data.dataset, category: data.category } : { dataset: data.dataset };
}

/** The default data that every item's own data follows from, when there is one (see SharedCompletionData). */
function labelDerivedData(items: readonly CompletionItem[]): SharedCompletionData | undefined {
  const first = items[0]?.data as CompletionData | undefined;
  if (first === undefined) return undefined;
  const follows = (item: CompletionItem, dataset: string | undefined): boolean => {
    const data = item.data as CompletionData | undefined;
    if (data === undefined) return false;
    return dataset === undefined ? data.category === undefined && data.dataset === item.label : data.dataset === dataset && data.category === item.label;
  };
  if (first.category === undefined) return items.every((item) => follows(item, undefined)) ? { labelIs: 'dataset' } : undefined;
  return items.every((item) => follows(item, first.dataset)) ? { labelIs: 'category', dataset: first.dataset } : undefined;
}

/** Collects items for one site: ranges, quoting, filtering and the cap in one place. */
class ItemBuilder {
  private readonly items: CompletionItem[] = [];
  private truncated = false;
  private readonly typedLower: string;
  private readonly typedQuote: string | undefined;

  private readonly sharedEditRange: boolean;
  private readonly sharedData: boolean;

  constructor(
    site: CompletionSite,
    private readonly range: Range,
    options: CompletionOptions,
  ) {
    this.sharedEditRange = options.sharedEditRange === true;
    this.sharedData = options.sharedData === true;
    const first = site.typed[0];
    this.typedQuote = first === '"' || first === "'" ? first : undefined;
    this.typedLower = (this.typedQuote ? site.typed.slice(1) : site.typed).toLowerCase();
  }

  build(): CompletionList {
    const items = withoutLabelOrderSortTexts(this.items);
    const data = this.sharedData ? labelDerivedData(items) : undefined;
    // Cleared rather than deleted, as in push: JSON omits it.
    if (data !== undefined) for (const item of items) item.data = undefined;
    if (!this.sharedEditRange && data === undefined) return { isIncomplete: this.truncated, items };
    return { isIncomplete: this.truncated, itemDefaults: { ...(this.sharedEditRange ? { editRange: this.range } : {}), ...(data ? { data } : {}) }, items };
  }

  /** Keywords in the order they are likely next: the first is ranked first and preselected. */
  keywords(words: readonly string[]): void {
    words.forEach((word, index) => {
      this.push({
        label: word,
        kind: CompletionItemKind.Keyword,
        textEdit: { range: this.range, newText: word },
        sortText: `2${String(index).padStart(2, '0')}`,
        ...(index === 0 ? { preselect: true } : {}),
      });
    });
  }

  operator(operator: string): void {
    this.push({ label: operator, kind: CompletionItemKind.Operator, textEdit: { range: this.range, newText: `${operator} ` }, sortText: `0${operator}` });
  }

  directive(name: string, detail: string): void {
    this.push({ label: name, kind: CompletionItemKind.Keyword, detail, textEdit: { range: this.range, newText: `${name} ` } });
  }

  fn(name: string, snippet: string, detail: string): void {
    this.push({
      label: `${name}()`,
      kind: CompletionItemKind.Function,
      detail,
      filterText: name,
      insertTextFormat: InsertTextFormat.Snippet,
      textEdit: { range: this.range, newText: snippet },
      sortText: `1${name}`,
      ...(snippet.includes('$') ? { command: { title: 'Suggest', command: 'editor.action.triggerSuggest' } } : {}),
    });
  }

  fnSnippet(label: string, snippet: string, detail: string): void {
    this.push({ label, kind: CompletionItemKind.Keyword, detail, insertTextFormat: InsertTextFormat.Snippet, textEdit: { range: this.range, newText: snippet }, sortText: `1${label}` });
  }

  snippet(snippet: QuerySnippet, rank: number): void {
    this.push({
      label: snippet.label,
      kind: CompletionItemKind.Snippet,
      detail: snippet.description,
      filterText: `${snippet.prefix} ${snippet.label}`,
      insertTextFormat: InsertTextFormat.Snippet,
      textEdit: { range: this.range, newText: snippet.body },
      sortText: `3${String(rank).padStart(2, '0')}`,
    });
  }

  datasets(datasets: readonly CatalogDataset[]): void {
    for (const dataset of datasets) {
      if (!this.matches(dataset.name)) continue;
      if (!this.push(this.nameItem(dataset.name, CompletionItemKind.Module, dataset.publicName ?? 'dataset', `d:${dataset.name}`, { dataset: dataset.name }))) return;
    }
  }

  qualifier(dataset: CatalogDataset, detail: string): void {
    const written = writeName(dataset.name);
    this.push({
      label: `${dataset.name}.`,
      kind: CompletionItemKind.Module,
      detail: dataset.publicName ? `${dataset.publicName} — ${detail}` : detail,
      filterText: dataset.name,
      textEdit: { range: this.range, newText: `${written}.` },
      sortText: `4${dataset.name}`,
      command: { title: 'Suggest', command: 'editor.action.triggerSuggest' },
      data: { dataset: dataset.name } satisfies CompletionData,
    });
  }

  categories(dataset: CatalogDataset, categories: readonly CatalogCategory[], qualified: boolean): void {
    // In a collaboration that restricts the dataset's attributes, only the allowed ones.
    const allowed = dataset.restrictions?.allowedAttributes;
    for (const category of categories) {
      if (allowed !== undefined && !allowed.includes(category.label)) continue;
      if (!this.matches(category.label) && !(qualified && this.matches(`${dataset.name}.${category.label}`))) continue;
      const data: CompletionData = { dataset: dataset.name, category: category.label };
      const detail = `${category.representations[0]?.dataType ?? 'category'} in ${dataset.name}`;
      const item = qualified
        ? {
            label: `${dataset.name}.${category.label}`,
            kind: CompletionItemKind.Field,
            detail,
            filterText: `${dataset.name}.${category.label}`,
            textEdit: { range: this.range, newText: `${writeName(dataset.name)}.${writeName(category.label)}` },
            sortText: `1${category.label}\u0000${dataset.name}`,
            data,
          }
        : this.nameItem(category.label, CompletionItemKind.Field, detail, `0${category.label}`, data);
      if (!this.push(item)) return;
    }
  }

  name(name: string, kind: CompletionItemKind, detail: string, sortText: string): void {
    if (this.matches(name)) this.push(this.nameItem(name, kind, detail, sortText));
  }

  value(value: string): void {
    if (!this.matches(value)) return;
    const literal = writeString(value);
    this.push({
      label: value,
      kind: CompletionItemKind.Value,
      filterText: this.typedQuote ? literal : value,
      textEdit: { range: this.range, newText: literal },
      sortText: `0${value}`,
    });
  }

  private nameItem(name: string, kind: CompletionItemKind, detail: string, sortText: string, data?: CompletionData): CompletionItem {
    const written = this.typedQuote === '"' ? `"${name.replace(/"/g, '""')}"` : writeName(name);
    return {
      label: name,
      kind,
      detail,
      // The label is the filter text when none is given: written only when it differs.
      ...(this.typedQuote === '"' || needsQuotes(name) ? { filterText: written } : {}),
      textEdit: { range: this.range, newText: written },
      sortText,
      ...(data ? { data } : {}),
    };
  }

  /** A loose, case-insensitive subsequence match on what has been typed; the editor ranks. */
  private matches(candidate: string): boolean {
    const typed = this.typedLower;
    if (typed.length === 0) return true;
    const lower = candidate.toLowerCase();
    let at = 0;
    for (const char of typed) {
      at = lower.indexOf(char, at);
      if (at < 0) return false;
      at += 1;
    }
    return true;
  }

  /** Adds an item unless the cap is reached; false once it is. */
  private push(item: CompletionItem): boolean {
    if (this.items.length >= MAX_COMPLETION_ITEMS) {
      this.truncated = true;
      return false;
    }
    const edit = item.textEdit;
    if (this.sharedEditRange && edit !== undefined && 'range' in edit) {
      // Cleared rather than deleted (which would slow every later read of the item); JSON omits it.
      item.textEdit = undefined;
      if (edit.newText !== item.label) item.textEditText = edit.newText;
    }
    this.items.push(item);
    return true;
  }
}

/**
 * A list whose every sort text is one rank character followed by the label (the categories of
 * one dataset after its name and a dot) sorts as its labels do, which is what an editor does
 * without sort texts: they are left out, a tenth of the answer. VS Code compares sort texts
 * lower-cased but labels as written, so only where both orders agree (no "Gender" among
 * lower-case names, which would move first).
 */
function withoutLabelOrderSortTexts(items: CompletionItem[]): CompletionItem[] {
  const rank = items[0]?.sortText?.[0];
  if (rank === undefined || !items.every((item) => item.sortText === rank + item.label)) return items;
  if (!caseOrderAgrees(items.map((item) => item.label))) return items;
  for (const item of items) delete item.sortText;
  return items;
}

/** Whether `labels` sorted as written are also in order lower-cased. */
function caseOrderAgrees(labels: string[]): boolean {
  const sorted = labels.sort();
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i - 1]!.toLowerCase() > sorted[i]!.toLowerCase()) return false;
  }
  return true;
}
