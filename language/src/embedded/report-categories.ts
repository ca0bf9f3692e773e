/**
 * The `categories` of an insight report file: each must be a category of the baseline
 * dataset (the report counts the baseline and its intersection with the seed by each of
 * them). Checked against the catalog with a "did you mean", and completed from the baseline
 * dataset's categories, inside the JSON strings.
 */
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { CompletionItemKind, type CompletionList } from 'vscode-languageserver-types';
import type { AnalysisProblem } from '../analysis/problem';
import type { Catalog, CatalogDataset } from '../catalog/catalog';
import { didYouMean, suggestNames } from '../catalog/suggest';
import { decodeJsonString, encodeJsonStringContent } from '../../../common/json-string-text';
import type { DatasetNameOf } from './report-filters';

interface CategoryEntries {
  readonly baseline?: CatalogDataset;
  readonly entries: readonly Node[];
}

function categoryEntries(file: string, catalog: Catalog | undefined, nameOf: DatasetNameOf): CategoryEntries | undefined {
  const root = parseTree(file, [], { allowTrailingComma: true });
  if (root?.type !== 'object') return undefined;
  const list = findNodeAtLocation(root, ['categories']);
  if (list?.type !== 'array') return undefined;
  const id = findNodeAtLocation(root, ['baseline', 'dataset_id']);
  const name = id?.type === 'string' ? nameOf(id.value as string) : undefined;
  const baseline = name === undefined ? undefined : catalog?.findDataset(name);
  return { ...(baseline ? { baseline } : {}), entries: (list.children ?? []).filter((entry) => entry.type === 'string') };
}

/** Categories the baseline dataset does not have, each on its string; nothing when the dataset is unknown. */
export function reportCategoryProblems(file: string, catalog: Catalog | undefined, nameOf: DatasetNameOf): AnalysisProblem[] {
  const found = categoryEntries(file, catalog, nameOf);
  const baseline = found?.baseline;
  if (found === undefined || baseline === undefined || !baseline.categoriesKnown) return [];
  const labels = baseline.categories.map((category) => category.label);
  const known = new Set(labels.map((label) => label.toLowerCase()));
  return found.entries
    .filter((entry) => !known.has(String(entry.value).toLowerCase()))
    .map((entry) => {
      const written = String(entry.value);
      const suggestions = suggestNames(written, labels);
      return {
        code: 'iql.unknown-category',
        severity: 'error',
        message: `Unknown category '${written}' in the baseline dataset ${baseline.name}.${didYouMean(suggestions)}`,
        span: { start: entry.offset, end: entry.offset + entry.length },
        ...(suggestions.length > 0 ? { data: { replacements: suggestions } } : {}),
      };
    });
}

/** Completion inside a string of `categories`: the baseline dataset's categories not listed yet. Null elsewhere. */
export function reportCategoryCompletions(document: TextDocument, offset: number, catalog: Catalog | undefined, nameOf: DatasetNameOf): CompletionList | null {
  const found = categoryEntries(document.getText(), catalog, nameOf);
  const entry = found?.entries.find((candidate) => offset > candidate.offset && offset < candidate.offset + candidate.length);
  if (found === undefined || entry === undefined) return null;
  const listed = new Set(found.entries.filter((other) => other !== entry).map((other) => String(other.value)));
  const content = decodeJsonString(document.getText(), entry.offset + 1, entry.offset + entry.length - 1);
  const range = { start: document.positionAt(entry.offset + 1), end: document.positionAt(content.fileOffsets[content.fileOffsets.length - 1]!) };
  const items = (found.baseline?.categories ?? [])
    .filter((category) => !listed.has(category.label))
    .map((category) => ({
      label: category.label,
      kind: CompletionItemKind.Field,
      detail: `category of ${found.baseline!.name}`,
      textEdit: { range, newText: encodeJsonStringContent(category.label) },
    }));
  return { isIncomplete: false, items };
}
