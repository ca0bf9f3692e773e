/**
 * An insight report as a file the user edits: `<name>.iqlreport.json`, holding the fields of
 * Create Insight Report (Document 2 §4.2) and a `$schema` whose `iql-schema:` address names
 * the profile (so Create goes to the right account) and is served by
 * schemas/schema-documents.ts (dataset ids and categories completed from the service). The
 * language server checks the IQL of `seed_filter` and `baseline_filter` in place. Once created,
 * the file carries the report's `id`. Pure text work here; no 'vscode'.
 */
import { findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { CreateInsightReportRequest, GetInsightReportDefinitionResponse } from '../../../common/api';
import { decodeJsonString, fileSpanAtLineColumn } from '../../../common/json-string-text';
import { decodeSchemaAddress, draftIdentity, locateServiceMessage, SCHEMA_SCHEME, type FileProblem, safeFileName } from '../schemas/json-file-text';

/** How the files are named; package.json's menus and the language client match the same suffix. */
export const REPORT_FILE_SUFFIX = '.iqlreport.json';

/** What a report file says: Create's body, the profile of its `$schema`, and the report's id once created. */
export interface ReportDraft {
  readonly id?: string;
  readonly profile?: string;
  readonly body: CreateInsightReportRequest & { readonly name: string; readonly categories: string[] };
}

export type ReportRead = { readonly ok: true; readonly draft: ReportDraft } | { readonly ok: false; readonly problems: readonly FileProblem[] };

/** The schema address of report files for `profile`. */
export function reportSchemaAddress(profile: string): string {
  return `${SCHEMA_SCHEME}:/${encodeURIComponent(profile)}/reports/insight.schema.json`;
}

/** The profile a report schema address names, or undefined when it is not one. */
export function parseReportSchemaAddress(address: string): { readonly profile: string } | undefined {
  const parts = decodeSchemaAddress(address, /^iql-schema:\/([^/]+)\/reports\/insight\.schema\.json$/);
  return parts === undefined ? undefined : { profile: parts[0]! };
}

/** The file name for a report called `name`: safe characters only, never empty. */
export function reportFileName(name: string): string {
  return safeFileName(name, 'report', REPORT_FILE_SUFFIX);
}

/** A new report file: both audiences on `datasetId` (empty when unknown), everyone, no category yet. */
export function newReportFileText(profile: string, name: string, datasetId = ''): string {
  const file = {
    $schema: reportSchemaAddress(profile),
    name,
    seed: { dataset_id: datasetId },
    seed_filter: '',
    baseline: { dataset_id: datasetId },
    baseline_filter: '',
    categories: [] as string[],
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/**
 * The file of a report that is on the service already, from Get Insight Report Definition: the
 * fields Create took and the report's `id`, so the lenses offer Refresh Status and Open Results.
 * The audiences are written as the service answered them.
 */
export function reportFileTextFromDefinition(profile: string, definition: GetInsightReportDefinitionResponse): string {
  const file = {
    $schema: reportSchemaAddress(profile),
    id: definition.report_id ?? '',
    name: definition.report_name ?? '',
    seed: definition.seed ?? { dataset_id: '' },
    seed_filter: definition.seed_filter ?? '',
    baseline: definition.baseline ?? { dataset_id: '' },
    baseline_filter: definition.baseline_filter ?? '',
    categories: definition.categories ?? [],
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/**
 * Where a refusal of Create points in the report file. A filter that does not parse or resolve
 * is refused as `seed_filter: line L, column C: …`, counted in the filter's text: that place is
 * found inside the JSON string, escapes and all, and what starts there underlined. Any other
 * message points as locateServiceMessage says (the field it names, else the object).
 */
export function locateReportRefusal(text: string, message: string): FileProblem {
  const filter = /^\s*(seed_filter|baseline_filter):\s*line (\d+), column (\d+):/.exec(message);
  const root = filter ? parseTree(text, [], { allowTrailingComma: true }) : undefined;
  const node = root && filter ? findNodeAtLocation(root, [filter[1]!]) : undefined;
  if (!filter || node?.type !== 'string') return locateServiceMessage(text, message);
  const decoded = decodeJsonString(text, node.offset + 1, node.offset + node.length - 1);
  const span = fileSpanAtLineColumn(decoded, Number(filter[2]), Number(filter[3]));
  return { offset: span.start, length: span.end - span.start, message };
}

/** What each field must be, in the order problems are reported. */
const FIELDS: readonly { readonly key: string; readonly kind: 'string' | 'object' | 'array'; readonly required: boolean; readonly hint: string }[] = [
  { key: '$schema', kind: 'string', required: false, hint: 'the address the editor reads the schema from' },
  { key: 'id', kind: 'string', required: false, hint: 'the report at the service' },
  { key: 'name', kind: 'string', required: true, hint: 'e.g. "name": "Cyclists by region"' },
  { key: 'seed', kind: 'object', required: true, hint: 'e.g. "seed": { "dataset_id": "…" }' },
  { key: 'seed_filter', kind: 'string', required: false, hint: 'an IQL filter, e.g. "Interest = \'Cycling\'"' },
  { key: 'baseline', kind: 'object', required: true, hint: 'e.g. "baseline": { "dataset_id": "…" }' },
  { key: 'baseline_filter', kind: 'string', required: false, hint: 'an IQL filter; empty is everyone' },
  { key: 'categories', kind: 'array', required: true, hint: 'e.g. "categories": ["Gender", "Age"]' },
];

/** Reads a report file into what Create sends. Every problem says what to write; never throws. */
export function readReportFile(text: string): ReportRead {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length > 0 || root === undefined) {
    const first = errors[0];
    const message = first ? `Not valid JSON here (${printParseErrorCode(first.error)}): fix the syntax first.` : 'The file is empty: it should hold an insight report object.';
    return { ok: false, problems: [{ offset: first?.offset ?? 0, length: first?.length ?? 0, message }] };
  }
  if (root.type !== 'object') return { ok: false, problems: [{ offset: root.offset, length: root.length, message: 'A report file holds one JSON object with name, seed, baseline and categories.' }] };
  const problems: FileProblem[] = [];
  const values = new Map<string, unknown>();
  for (const field of FIELDS) {
    const node = findNodeAtLocation(root, [field.key]);
    if (node === undefined) {
      if (field.required) problems.push({ offset: root.offset, length: 1, message: `"${field.key}" is missing: ${field.hint}.` });
    } else if (node.type !== field.kind) {
      problems.push({ offset: node.offset, length: node.length, message: `"${field.key}" must be ${field.kind === 'string' ? 'a string' : `an ${field.kind}`}: ${field.hint}.` });
    } else {
      // getNodeValue builds prototype-free objects; JSON makes them plain, keeping a "__proto__" key as data.
      values.set(field.key, JSON.parse(JSON.stringify(getNodeValue(node))) as unknown);
    }
  }
  for (const audience of ['seed', 'baseline']) checkDatasetId(root, audience, values.get(audience), problems);
  const categories = values.get('categories') as unknown[] | undefined;
  categories?.forEach((category, index) => {
    if (typeof category !== 'string' || category.trim() === '') {
      const node = findNodeAtLocation(root, ['categories', index])!;
      problems.push({ offset: node.offset, length: node.length, message: 'Each category is the name of a category of the baseline dataset, e.g. "Gender".' });
    }
  });
  if (problems.length > 0) return { ok: false, problems };
  const textOf = (key: string): string | undefined => values.get(key) as string | undefined;
  const id = textOf('id');
  const profile = textOf('$schema') === undefined ? undefined : parseReportSchemaAddress(textOf('$schema')!)?.profile;
  const seed = values.get('seed') as { dataset_id: string };
  const baseline = values.get('baseline') as { dataset_id: string };
  return {
    ok: true,
    draft: {
      ...draftIdentity(id, profile),
      body: {
        name: textOf('name')!,
        seed: { dataset_id: seed.dataset_id },
        seed_filter: textOf('seed_filter') ?? '',
        baseline: { dataset_id: baseline.dataset_id },
        baseline_filter: textOf('baseline_filter') ?? '',
        categories: categories as string[],
      },
    },
  };
}

function checkDatasetId(root: Node, audience: string, value: unknown, problems: FileProblem[]): void {
  if (value === undefined) return;
  const datasetId = (value as Record<string, unknown>).dataset_id;
  if (typeof datasetId === 'string' && datasetId.trim() !== '') return;
  const node = findNodeAtLocation(root, [audience, 'dataset_id']) ?? findNodeAtLocation(root, [audience])!;
  problems.push({ offset: node.offset, length: node.length, message: `"${audience}.dataset_id" names the ${audience} dataset by its 2.0 id (completion lists your company's).` });
}
