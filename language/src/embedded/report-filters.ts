/**
 * The IQL inside an insight report file (`*.iqlreport.json`): its `seed_filter` and
 * `baseline_filter` strings are IQL filters on the seed and baseline datasets. Each is
 * analysed as the query the service runs for it — `SELECT COUNT() FROM <dataset> WHERE
 * <filter>` — with the same parser, catalog checks, completion and hover as a query file, and
 * every answer is placed back at the exact characters of the JSON string (escapes included).
 */
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionItem, CompletionList, Range, TextEdit } from 'vscode-languageserver-types';
import { writeName } from '../../../common/iql/names';
import { getCompletions } from '../analysis/completion';
import { findHoverSubject } from '../analysis/hover';
import type { AnalysisProblem } from '../analysis/problem';
import type { Catalog } from '../catalog/catalog';
import { collectDocumentProblems } from '../document-problems';
import { parseFilter, parseIql } from '../parser/index';
import { decodeJsonString, encodeJsonStringContent, textIndexOf, type JsonStringText } from '../../../common/json-string-text';

/** The name of a report's dataset (its id in the file) as queries write it; undefined when unknown. */
export type DatasetNameOf = (datasetId: string) => string | undefined;

/** One filter of a report file. */
export interface ReportFilter {
  readonly field: 'seed_filter' | 'baseline_filter';
  /** The `dataset_id` of the seed or baseline, and where its value is in the file. */
  readonly datasetId?: { readonly value: string; readonly start: number; readonly end: number };
  /** The filter's text and the file offset of each of its characters. */
  readonly decoded: JsonStringText;
}

const SIDES = [
  { field: 'seed_filter', dataset: 'seed' },
  { field: 'baseline_filter', dataset: 'baseline' },
] as const;

/** The filters of a report file's text, with their datasets. Never throws; broken JSON gives what can be read. */
export function findReportFilters(file: string): ReportFilter[] {
  const root = parseTree(file, [], { allowTrailingComma: true });
  if (root === undefined || root.type !== 'object') return [];
  const filters: ReportFilter[] = [];
  for (const side of SIDES) {
    const node = findNodeAtLocation(root, [side.field]);
    if (node?.type !== 'string') continue;
    const id = findNodeAtLocation(root, [side.dataset, 'dataset_id']);
    filters.push({
      field: side.field,
      ...(id?.type === 'string' ? { datasetId: { value: id.value as string, start: id.offset, end: id.offset + id.length } } : {}),
      decoded: decodeJsonString(file, node.offset + 1, node.offset + node.length - 1),
    });
  }
  return filters;
}

/** The dataset ids a report file names (its seed's and baseline's), each once, for the server to resolve. Never throws. */
export function reportDatasetIds(file: string): string[] {
  const root = parseTree(file, [], { allowTrailingComma: true });
  if (root === undefined || root.type !== 'object') return [];
  const ids = SIDES.map((side) => findNodeAtLocation(root, [side.dataset, 'dataset_id'])).flatMap((node) => (node?.type === 'string' ? [node.value as string] : []));
  return [...new Set(ids)];
}

/** The query the service runs for a filter on dataset `name`, and where the filter starts in it. */
function embeddedQuery(name: string, filter: string): { readonly text: string; readonly filterStart: number } {
  const prefix = `SELECT COUNT() FROM ${writeName(name)} WHERE `;
  return { text: prefix + filter, filterStart: prefix.length };
}

/** Places a span of the embedded query (or of the filter alone, `filterStart` 0) on the file. */
function toFileSpan(filter: ReportFilter, filterStart: number, span: { start: number; end: number }): { start: number; end: number } {
  const offsets = filter.decoded.fileOffsets;
  const at = (index: number): number => offsets[Math.min(Math.max(index - filterStart, 0), offsets.length - 1)]!;
  const start = at(span.start);
  return { start, end: Math.max(at(span.end), start) };
}

/**
 * Every problem of a report file's filters, placed in the file: syntax always; with a catalog
 * and a known dataset, the catalog checks of the embedded query too; an unknown dataset id is
 * said on the id. Empty filters are no filter and have no problem.
 */
export function reportFilterProblems(file: string, catalog: Catalog | undefined, nameOf: DatasetNameOf): AnalysisProblem[] {
  const problems: AnalysisProblem[] = [];
  for (const filter of findReportFilters(file)) {
    if (filter.decoded.text.trim() === '') continue;
    const name = filter.datasetId ? nameOf(filter.datasetId.value) : undefined;
    if (name === undefined || catalog === undefined) {
      for (const problem of parseFilter(filter.decoded.text).problems) problems.push({ ...problem, span: toFileSpan(filter, 0, problem.span) });
      if (filter.datasetId && catalog !== undefined && name === undefined) {
        problems.push({
          code: 'iql.unknown-dataset',
          severity: 'warning',
          message: `No dataset with id '${filter.datasetId.value}' in this profile's catalog: the ${filter.field} is checked for syntax only.`,
          span: { start: filter.datasetId.start, end: filter.datasetId.end },
        });
      }
      continue;
    }
    const query = embeddedQuery(name, filter.decoded.text);
    const parsed = parseIql(query.text);
    const found = collectDocumentProblems({ text: query.text, parsed, targetProblems: [], catalog, collaboration: false, verdicts: new Map() });
    // Only what lies in the filter: the SELECT and FROM around it are ours, not the user's.
    for (const problem of found) if (problem.span.start >= query.filterStart) problems.push({ ...problem, span: toFileSpan(filter, query.filterStart, problem.span) });
  }
  return problems;
}

/** The filter whose string holds file offset `offset`, if any. */
function filterAt(file: string, offset: number): ReportFilter | undefined {
  return findReportFilters(file).find((filter) => {
    const offsets = filter.decoded.fileOffsets;
    return offset >= offsets[0]! && offset <= offsets[offsets.length - 1]!;
  });
}

/**
 * Completion inside a report filter: what a query file offers at the same place of the
 * embedded query (categories of the dataset, values, operators), with ranges in the file and
 * inserted text escaped for the JSON string. Null outside the filters.
 */
export function reportFilterCompletions(document: TextDocument, offset: number, catalog: Catalog | undefined, nameOf: DatasetNameOf): CompletionList | null {
  const file = document.getText();
  const filter = filterAt(file, offset);
  if (filter === undefined) return null;
  const name = filter.datasetId ? nameOf(filter.datasetId.value) : undefined;
  const query = embeddedQuery(name ?? '_', filter.decoded.text);
  const virtual = TextDocument.create('iql-embedded:report.iql', 'iql', 1, query.text);
  const list = getCompletions(virtual, query.filterStart + textIndexOf(filter.decoded, offset), name === undefined ? undefined : catalog);
  const toFileRange = (range: Range): Range => {
    const span = toFileSpan(filter, query.filterStart, { start: virtual.offsetAt(range.start), end: virtual.offsetAt(range.end) });
    return { start: document.positionAt(span.start), end: document.positionAt(span.end) };
  };
  const mapEdit = (edit: TextEdit): TextEdit => ({ range: toFileRange(edit.range), newText: encodeJsonStringContent(edit.newText) });
  const items = list.items.map((item): CompletionItem => {
    const edit = item.textEdit;
    return {
      ...item,
      ...(item.insertText !== undefined ? { insertText: encodeJsonStringContent(item.insertText) } : {}),
      ...(edit !== undefined ? { textEdit: 'range' in edit ? mapEdit(edit) : { ...edit, insert: toFileRange(edit.insert), replace: toFileRange(edit.replace), newText: encodeJsonStringContent(edit.newText) } } : {}),
      ...(item.additionalTextEdits ? { additionalTextEdits: [] } : {}),
    };
  });
  return { ...list, items };
}

/** Hover inside a report filter (a category's documentation, a keyword's): markdown and its place in the file. */
export function reportFilterHover(file: string, offset: number, catalog: Catalog | undefined, nameOf: DatasetNameOf): { readonly markdown: string; readonly span: { start: number; end: number } } | undefined {
  const filter = filterAt(file, offset);
  if (filter === undefined || filter.decoded.text.trim() === '') return undefined;
  const name = filter.datasetId ? nameOf(filter.datasetId.value) : undefined;
  if (name === undefined) return undefined;
  const query = embeddedQuery(name, filter.decoded.text);
  const parsed = parseIql(query.text);
  const subject = findHoverSubject(query.text, parsed.ast, query.filterStart + textIndexOf(filter.decoded, offset), catalog);
  if (subject === undefined) return undefined;
  const markdown = subject.kind === 'markdown' ? subject.markdown : subject.keywordDocs;
  if (markdown === undefined || subject.span.start < query.filterStart) return undefined;
  return { markdown, span: toFileSpan(filter, query.filterStart, subject.span) };
}

/** Whether a document is an insight report file, by its name. */
export function isReportFile(uri: string): boolean {
  return uri.endsWith('.iqlreport.json');
}
