/**
 * The JSON Schema of an insight report file: Create Insight Report's request schema (the
 * client's own wire schema, converted by zod), with the fields Create needs required, the
 * dataset ids of `seed` and `baseline` offered from the company's datasets (List Datasets
 * 2.0, each described by its private ID and public name) and `categories` offered from the
 * categories those datasets have. The editor's JSON support reads it through the
 * `iql-schema:` address of the file's `$schema`. Pure; the service is asked in report-choices.ts.
 */
import { asRecord } from '../requests/json-schema-starter';

/** A dataset the report may name, and the categories it has (when known). */
export interface ReportDatasetChoice {
  readonly dataset_id: string;
  readonly private_id?: string;
  readonly public_name?: string;
  readonly categories?: readonly string[];
}

/** The whole-file schema; `createSchema` is Create's request body as JSON Schema (undefined: not loaded). */
export function reportFileSchema(createSchema: unknown, datasets: readonly ReportDatasetChoice[], note?: string): Record<string, unknown> {
  const base = { ...(asRecord(createSchema) ?? {}) };
  delete base.$schema;
  const given = asRecord(base.properties) ?? {};
  const describe = (key: string, description: string): Record<string, unknown> => ({ ...(asRecord(given[key]) ?? { type: 'string' }), description });
  const audience = (role: 'seed' | 'baseline'): Record<string, unknown> => ({
    type: 'object',
    additionalProperties: false,
    required: ['dataset_id'],
    description: role === 'seed' ? 'The dataset whose individuals (those passing seed_filter) are the audience studied.' : 'The dataset the seed audience is compared with (those passing baseline_filter); categories are its categories.',
    properties: { dataset_id: datasetIdSchema(datasets, role) },
  });
  const categories = [...new Set(datasets.flatMap((dataset) => dataset.categories ?? []))].sort((a, b) => a.localeCompare(b));
  return {
    ...base,
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Insight report',
    description: `An insight report (Create Insight Report): the seed audience compared with the baseline audience, category by category.${note ? ` ${note}` : ''}`,
    type: 'object',
    additionalProperties: false,
    required: ['name', 'seed', 'baseline', 'categories'],
    properties: {
      ...given,
      $schema: { type: 'string', description: 'Where the editor finds this schema (and which profile the report goes to); keep it as written.' },
      id: { type: 'string', description: 'The report at the service. Absent until "Create on Service", which fills it in.' },
      name: { ...describe('name', 'The report\'s name, as the service lists it.'), minLength: 1 },
      seed: audience('seed'),
      seed_filter: describe('seed_filter', 'An IQL filter on the seed dataset (the condition after WHERE), e.g. Interest = \'Cycling\'; empty is everyone. Checked and completed by the IQL language server.'),
      baseline: audience('baseline'),
      baseline_filter: describe('baseline_filter', 'An IQL filter on the baseline dataset; empty is everyone. Checked and completed by the IQL language server.'),
      categories: {
        type: 'array',
        minItems: 1,
        uniqueItems: true,
        description: 'Categories of the baseline dataset to compare, each once; with two, Open Results also shows their cross result.',
        items: categories.length > 0 ? { type: 'string', examples: categories } : { type: 'string' },
      },
    },
  };
}

/**
 * A dataset id: any string (a dataset shared with the company may not be listed), with the
 * company's own datasets offered by completion and described by private ID and public name.
 */
function datasetIdSchema(datasets: readonly ReportDatasetChoice[], role: string): Record<string, unknown> {
  const description = `The ${role} dataset's 2.0 id (List Datasets 2.0).`;
  if (datasets.length === 0) return { type: 'string', minLength: 1, description };
  const label = (dataset: ReportDatasetChoice): string => [dataset.private_id, dataset.public_name].filter((part) => part !== undefined && part !== '').join(' — ') || dataset.dataset_id;
  return {
    description,
    anyOf: [
      {
        enum: datasets.map((dataset) => dataset.dataset_id),
        enumDescriptions: datasets.map(label),
        markdownEnumDescriptions: datasets.map((dataset) => markdownLabel(dataset)),
      },
      { type: 'string', minLength: 1 },
    ],
  };
}

function markdownLabel(dataset: ReportDatasetChoice): string {
  const parts = [dataset.private_id ? `**${escapeMarkdown(dataset.private_id)}**` : undefined, dataset.public_name ? escapeMarkdown(dataset.public_name) : undefined].filter((part) => part !== undefined);
  const categories = dataset.categories && dataset.categories.length > 0 ? `\n\nCategories: ${dataset.categories.map(escapeMarkdown).join(', ')}` : '';
  return `${parts.join(' — ') || escapeMarkdown(dataset.dataset_id)}${categories}`;
}

/** Service text shown as Markdown: its markup characters are text. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (character) => `\\${character}`);
}
