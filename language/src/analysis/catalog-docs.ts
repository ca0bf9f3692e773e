import type { CatalogCategory, CatalogDataset, CatalogRepresentation } from '../catalog/catalog';
import { valueKindOf } from '../catalog/data-types';
import { writeName } from '../../../common/iql/names';

/**
 * Markdown descriptions of catalog entries, shared by hover and completion documentation.
 * Every value from the catalog is escaped: a dataset named `<img src=x onerror=…>` must show
 * as text, never as markup.
 */

const MARKDOWN_SPECIAL = /[\\`*_{}[\]()#+\-.!|<>~&]/g;

/** Escapes Markdown and HTML so that catalog text renders literally. */
export function escapeMarkdown(text: string): string {
  return text.replace(MARKDOWN_SPECIAL, (c) => `\\${c}`).replace(/\r?\n/g, ' ');
}

/** Inline code that survives backticks inside the value. */
export function inlineCode(text: string): string {
  const fence = text.includes('`') ? '``' : '`';
  const padded = text.startsWith('`') || text.endsWith('`') ? ` ${text} ` : text;
  return `${fence}${padded.replace(/\r?\n/g, ' ')}${fence}`;
}

export function formatCount(value: number): string {
  return value.toLocaleString('en-GB');
}

export function describeDataset(dataset: CatalogDataset): string {
  const lines: string[] = [];
  const title = dataset.publicName ? `**${escapeMarkdown(dataset.publicName)}** — dataset ${inlineCode(writeName(dataset.name))}` : `Dataset ${inlineCode(writeName(dataset.name))}`;
  lines.push(title, '');
  if (dataset.description) lines.push(escapeMarkdown(dataset.description), '');
  const facts: string[] = [];
  if (dataset.name !== dataset.privateId) facts.push(`Private ID: ${inlineCode(dataset.privateId)}`);
  if (dataset.ownerName) facts.push(`Owner: ${escapeMarkdown(dataset.ownerName)}`);
  if (dataset.rowCount !== undefined) facts.push(`Rows: ${formatCount(dataset.rowCount)}`);
  facts.push(`Keys: ${dataset.keys.length > 0 ? dataset.keys.map(inlineCode).join(', ') : 'none listed'}`);
  facts.push(
    dataset.activation
      ? `Activation dataset — output columns: ${dataset.outputColumns.length > 0 ? dataset.outputColumns.map(inlineCode).join(', ') : 'none'}`
      : 'Insight dataset (not for activation)',
  );
  lines.push(...facts.map((f) => `- ${f}`));
  if (!dataset.categoriesKnown) {
    lines.push('', '_Its categories could not be read with this key._');
  } else if (dataset.categories.length > 0) {
    const shown = dataset.categories.slice(0, 30).map((c) => inlineCode(writeName(c.label)));
    const more = dataset.categories.length > 30 ? `, and ${dataset.categories.length - 30} more` : '';
    lines.push('', `Categories (${dataset.categories.length}): ${shown.join(', ')}${more}`);
  }
  return lines.join('\n');
}

export function describeCategory(dataset: CatalogDataset, category: CatalogCategory, selected?: CatalogRepresentation): string {
  const lines: string[] = [];
  lines.push(`**${escapeMarkdown(category.label)}** — category of ${inlineCode(writeName(dataset.name))}${category.unit ? ` (${escapeMarkdown(category.unit)})` : ''}`, '');
  for (const representation of category.representations) {
    lines.push(...describeRepresentationLines(representation, representation === selected ? ' (selected)' : ''));
  }
  if (category.representations.length === 0) lines.push('_No representation listed._');
  return lines.join('\n');
}

/** A representation as a list item with its bins, values (at most `maxValues`) and statistics. */
export function describeRepresentationLines(representation: CatalogRepresentation, marker: string, maxValues = 20): string[] {
  const kind = valueKindOf(representation.dataType);
  const type = representation.dataType ? ` — ${inlineCode(representation.dataType)}` : '';
  const lines = [`- ${inlineCode(writeName(representation.label))}${type}${marker}`];
  if (representation.bins && representation.bins.length > 0) lines.push(`  - bins: ${representation.bins.join(', ')}`);
  if (representation.possibleValues && representation.possibleValues.length > 0) {
    const shown = representation.possibleValues.slice(0, maxValues).map((v) => inlineCode(v));
    const more = representation.possibleValues.length > maxValues ? `, and ${representation.possibleValues.length - maxValues} more` : '';
    lines.push(`  - values: ${shown.join(', ')}${more}`);
  }
  const stats = representation.statistics;
  if (stats) {
    const parts: string[] = [];
    if (stats.distinctValues !== undefined) parts.push(`${formatCount(stats.distinctValues)} distinct`);
    if (kind !== 'string' && stats.average !== undefined) parts.push(`average ${stats.average.toFixed(2)}`);
    if (stats.nullFraction !== undefined) parts.push(`${(stats.nullFraction * 100).toFixed(1)}% empty`);
    if (parts.length > 0) lines.push(`  - ${parts.join(', ')}`);
  }
  return lines;
}
