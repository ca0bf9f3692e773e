import type { Catalog } from '../catalog/catalog';
import { writeName } from '../../../common/iql/names';

/**
 * The snippets completion offers where a new query (or a directive) can start, and nowhere
 * else: inside a query the next word is a keyword or a name, which completion offers itself.
 * Their defaults are never made-up names: a dataset is a choice among the catalog's datasets
 * (or the neutral `dataset` offline), a category the neutral `category`, which the category
 * completion replaces.
 */
export interface QuerySnippet {
  /** What the author types to find it. */
  readonly prefix: string;
  readonly label: string;
  readonly description: string;
  /** The body in the editor's snippet syntax. */
  readonly body: string;
}

/** Datasets offered in one choice; beyond them the author types the name (completion helps). */
export const DATASET_CHOICES = 25;

/** The query snippets for a file whose target has `catalog` (undefined offline). */
export function querySnippets(catalog: Catalog | undefined): QuerySnippet[] {
  const all = catalog?.datasets.map((d) => d.name) ?? [];
  const activation = catalog?.datasets.filter((d) => d.activation).map((d) => d.name) ?? [];
  const dataset = (index: number, names: readonly string[] = all, skip = 0): string => datasetStop(index, names, skip);
  return [
    { prefix: 'count', label: 'SELECT COUNT() FROM …', description: 'Count the individuals in an audience.', body: `SELECT COUNT()\nFROM ${dataset(1)}$0` },
    {
      prefix: 'aggregate',
      label: 'SELECT AGGREGATE(…) FROM …',
      description: 'Break the audience down by one category, using its default bins. The dataset comes first so that category suggestions know where to look.',
      body: `SELECT AGGREGATE(\${2:category})\nFROM ${dataset(1)}$0`,
    },
    {
      prefix: 'aggregate-bins',
      label: 'SELECT AGGREGATE(… {bins}) FROM …',
      description: 'Break the audience down by a numeric category cut into ranges: {0, 10, 20} counts [0, 10) and [10, 20).',
      body: `SELECT AGGREGATE(\${2:category} {\${3:0, 10, 20}})\nFROM ${dataset(1)}$0`,
    },
    {
      prefix: 'aggregate-string-bins',
      label: "SELECT AGGREGATE(… {'value'}) FROM …",
      description: 'Break the audience down by a text category, counting only the listed values.',
      body: `SELECT AGGREGATE(\${2:category} {\${3:'value'}})\nFROM ${dataset(1)}$0`,
    },
    {
      prefix: 'aggregate-representation',
      label: 'SELECT AGGREGATE(…/representation) FROM …',
      description: 'Break the audience down by a category seen through one of its representations (category/representation).',
      body: `SELECT AGGREGATE(\${2:category}/\${3:representation})\nFROM ${dataset(1)}$0`,
    },
    {
      prefix: 'topn',
      label: 'SELECT TOPN(…, n) FROM …',
      description: 'List the most frequent values of a category with many distinct values.',
      body: `SELECT TOPN(\${2:category}, \${3:10})\nFROM ${dataset(1)}$0`,
    },
    {
      prefix: 'sumavg',
      label: 'SELECT SUM(…), AVG(…) FROM …',
      description: 'Total and average of a numeric category over the audience.',
      body: `SELECT SUM(\${2:category}), AVG(\${2:category})\nFROM ${dataset(1)}$0`,
    },
    {
      prefix: 'activation',
      label: 'SELECT dataset.column FROM … (activation)',
      description: 'Export identity columns of an activation dataset for the individuals in an audience.',
      body: `SELECT ${dataset(1, activation.length > 0 ? activation : all)}.\${2:column}\nFROM $1 \${3|INTERSECT,UNION,EXCLUDE|} ${dataset(4, all, 1)}$0`,
    },
    {
      prefix: 'audience',
      label: 'SELECT COUNT() FROM (… UNION …) EXCLUDE …',
      description: 'Count an audience built with set operators. UNION, INTERSECT and EXCLUDE apply left to right; use parentheses to group.',
      body: `SELECT COUNT()\nFROM (${dataset(1)} \${2|UNION,INTERSECT,EXCLUDE|} ${dataset(3, all, 1)}) \${4|EXCLUDE,INTERSECT,UNION|} ${dataset(5, all, 2)}$0`,
    },
    {
      prefix: 'collab',
      label: '-- @collaboration …',
      description: 'Name the collaboration this file is written against; the datasets are then its collaboration dataset names (self, them, …).',
      body: '-- @collaboration ${1:collaboration-id}\n$0',
    },
    { prefix: 'profile', label: '-- @profile …', description: 'Run the queries in this file with the named connection profile.', body: '-- @profile ${1:profile-name}\n$0' },
  ];
}

/**
 * Tab stop `index` for a dataset: a choice of `names` (rotated by `skip`, so that two stops of
 * one snippet start on different datasets), one name as a placeholder, or `dataset`.
 */
function datasetStop(index: number, names: readonly string[], skip: number): string {
  if (names.length === 0) return `\${${index}:dataset}`;
  const rotated = [...names.slice(skip % names.length), ...names.slice(0, skip % names.length)].slice(0, DATASET_CHOICES).map(writeName);
  if (rotated.length === 1) return `\${${index}:${escapePlaceholder(rotated[0]!)}}`;
  return `\${${index}|${rotated.map(escapeChoice).join(',')}|}`;
}

function escapePlaceholder(text: string): string {
  return text.replace(/[\\$}]/g, (c) => `\\${c}`);
}

/** `text` as one option of a snippet choice `${n|a,b|}`. */
export function escapeChoice(text: string): string {
  return text.replace(/[\\$},|]/g, (c) => `\\${c}`);
}
