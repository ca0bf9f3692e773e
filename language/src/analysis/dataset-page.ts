import type { CatalogDataset } from '../catalog/catalog';
import { writeName } from '../../../common/iql/names';
import { describeRepresentationLines, escapeMarkdown, formatCount, inlineCode } from './catalog-docs';

/** Where the page was read from, named at its top. */
export interface DatasetPageSource {
  readonly profile?: string;
  readonly collaboration?: string;
}

export interface DatasetPage {
  /** The page, Markdown; every text from the service is escaped or inside a code span. */
  readonly markdown: string;
  /** The 0-based line of each category's heading, by label (go to definition on a category lands there). */
  readonly categoryLines: ReadonlyMap<string, number>;
}

/** Possible values listed per representation; a page is read, so it shows more than a hover. */
const VALUES_SHOWN = 50;

/**
 * The page of one dataset: what go to definition on its name opens and the Datasets view's
 * Show Metadata shows. Its names, keys, record count, use, and each category with its
 * representations (type, bins, values, how many distinct values, share empty).
 */
export function renderDatasetPage(dataset: CatalogDataset, source: DatasetPageSource): DatasetPage {
  const lines: string[] = [];
  const name = inlineCode(writeName(dataset.name));
  lines.push(dataset.publicName ? `# ${escapeMarkdown(dataset.publicName)} — dataset ${name}` : `# Dataset ${name}`, '');
  const where = [source.profile ? `profile ${inlineCode(source.profile)}` : undefined, source.collaboration ? `collaboration ${inlineCode(source.collaboration)}` : undefined];
  lines.push(`_Read-only: the catalog of ${where.filter(Boolean).join(', ') || 'the default profile'}._`, '');
  if (dataset.description) lines.push(escapeMarkdown(dataset.description), '');

  const facts: string[] = [];
  if (dataset.name !== dataset.privateId) facts.push(`**Private ID:** ${inlineCode(dataset.privateId)}`);
  if (dataset.ownerName) facts.push(`**Owner:** ${escapeMarkdown(dataset.ownerName)}`);
  facts.push(`**Records:** ${dataset.rowCount === undefined ? 'not stated' : formatCount(dataset.rowCount)}`);
  facts.push(`**Keys:** ${dataset.keys.length > 0 ? dataset.keys.map(inlineCode).join(', ') : 'none listed'}`);
  facts.push(
    dataset.activation
      ? `**Use:** activation dataset — output columns ${dataset.outputColumns.length > 0 ? dataset.outputColumns.map(inlineCode).join(', ') : 'none listed'}`
      : '**Use:** insight dataset (not for activation)',
  );
  const allowed = dataset.restrictions?.allowedAttributes;
  if (allowed !== undefined) facts.push(`**Attributes this collaboration allows:** ${allowed.length > 0 ? allowed.map((a) => inlineCode(writeName(a))).join(', ') : 'none'}`);
  lines.push(...facts.map((fact) => `- ${fact}`), '');

  const categoryLines = new Map<string, number>();
  if (!dataset.categoriesKnown) {
    lines.push('## Categories', '', '_Its categories could not be read with this key._');
  } else {
    lines.push(`## Categories (${dataset.categories.length})`, '');
    if (dataset.categories.length === 0) lines.push('_None listed._');
    for (const category of dataset.categories) {
      if (!categoryLines.has(category.label)) categoryLines.set(category.label, lines.length);
      lines.push(`### ${inlineCode(writeName(category.label))}${category.unit ? ` (${escapeMarkdown(category.unit)})` : ''}`, '');
      if (category.representations.length === 0) lines.push('_No representation listed._');
      category.representations.forEach((representation, index) => {
        lines.push(...describeRepresentationLines(representation, index === 0 ? ' (default)' : '', VALUES_SHOWN));
      });
      lines.push('');
    }
  }
  return { markdown: `${lines.join('\n').trimEnd()}\n`, categoryLines };
}
