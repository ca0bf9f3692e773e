import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Catalog } from '../catalog/catalog';
import { suggestNames } from '../catalog/suggest';
import type { IqlFile, Name, Query, Span } from '../parser/ast';
import { writeName } from '../../../common/iql/names';
import { findNameAt } from './node-at';
import { namedDatasetUses, refUses } from './query-walk';

/**
 * Find-references and rename for dataset names. IQL has no aliases (LANGUAGE.md: a query names
 * datasets by their private IDs, or collaboration dataset names), so a dataset name means the
 * same dataset everywhere in a file: its references are every place the file names it — FROM,
 * ENRICH WITH, LINK WITH, a category's qualifier and an output column's dataset.
 */

/** Private IDs and collaboration dataset names: letters and digits, 1 to 17 (seeds 001 and 002, 8). */
const DATASET_NAME = /^[A-Za-z0-9]{1,17}$/;

/** Every name of `query` that names a dataset, in source order. */
export function datasetNamesOf(query: Query): Name[] {
  const names = namedDatasetUses(query).map((use) => use.name);
  for (const { ref } of refUses(query)) if (ref.dataset) names.push(ref.dataset);
  for (const item of query.select.items) if (item.kind === 'Column') names.push(item.dataset);
  return names.sort((a, b) => a.span.start - b.span.start);
}

/** The dataset name at `offset`, if the cursor is on one (an output column counts as its dataset). */
export function datasetNameAt(file: IqlFile, offset: number): Name | undefined {
  const found = findNameAt(file, offset);
  if (found?.role === 'dataset') return found.name;
  if (found?.role === 'column') return found.dataset;
  return undefined;
}

/** Where `file` names dataset `name`, in source order. */
export function findDatasetReferences(file: IqlFile, name: string): Span[] {
  return file.queries.flatMap((query) => datasetNamesOf(query).filter((n) => n.text === name).map((n) => n.span));
}

const ONLY_DATASETS = 'Only dataset names can be renamed: put the cursor on a dataset name (in FROM, ENRICH WITH, LINK WITH or before a dot).';

export type RenamePreparation = { readonly ok: true; readonly span: Span; readonly placeholder: string } | { readonly ok: false; readonly message: string };

/** Whether the name at `offset` can be renamed: only dataset names can. */
export function prepareDatasetRename(file: IqlFile, offset: number): RenamePreparation {
  const name = datasetNameAt(file, offset);
  if (!name) return { ok: false, message: ONLY_DATASETS };
  return { ok: true, span: name.span, placeholder: name.text };
}

export interface TextReplacement {
  readonly span: Span;
  readonly newText: string;
}

export type RenamePlan = { readonly ok: true; readonly replacements: readonly TextReplacement[] } | { readonly ok: false; readonly message: string };

/**
 * Every edit that renames the dataset named at `offset` to `wanted` throughout `file`, or why
 * it must not: the new name is not a dataset name, is not in the target's catalog (when there
 * is one), or is already named in a query that names the old one (the two would merge).
 * `wanted` may be written as in a query (`"…"`); the edits quote the name when it needs quotes.
 */
export function planDatasetRename(document: TextDocument, file: IqlFile, offset: number, wanted: string, catalog: Catalog | undefined): RenamePlan {
  const at = datasetNameAt(file, offset);
  if (!at) return { ok: false, message: ONLY_DATASETS };
  const oldName = at.text;
  const newName = unquote(wanted.trim());
  if (newName === '') return { ok: false, message: 'A dataset name cannot be empty: type the name of another dataset.' };
  if (newName === oldName) return { ok: false, message: `The dataset is already named '${oldName}'.` };
  const known = catalog?.findDataset(newName) !== undefined;
  if (!known && !DATASET_NAME.test(newName)) {
    return { ok: false, message: `'${newName}' cannot be a dataset name: dataset names (private IDs, collaboration dataset names) are 1 to 17 letters and digits.` };
  }
  if (catalog && !known) {
    const near = suggestNames(newName, catalog.datasets.map((d) => d.name));
    const hint = near.length > 0 ? ` Did you mean ${near.map((n) => `'${n}'`).join(' or ')}?` : '';
    return { ok: false, message: `There is no dataset '${newName}' in this file's catalog: every reference would become unknown.${hint}` };
  }
  const replacements: TextReplacement[] = [];
  for (const query of file.queries) {
    const names = datasetNamesOf(query);
    const renamed = names.filter((n) => n.text === oldName);
    if (renamed.length === 0) continue;
    const clash = names.find((n) => n.text === newName);
    if (clash) {
      return {
        ok: false,
        message: `'${newName}' is already named in the query on line ${document.positionAt(clash.span.start).line + 1}, which names '${oldName}' too: renaming would make two datasets of that query one. Pick another name, or edit that query by hand.`,
      };
    }
    for (const name of renamed) replacements.push({ span: name.span, newText: writeName(newName) });
  }
  return { ok: true, replacements };
}

/** A name as typed: `"Five Year"` (with `""` escapes) or plain. */
function unquote(text: string): string {
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1).replace(/""/g, '"') : text;
}
