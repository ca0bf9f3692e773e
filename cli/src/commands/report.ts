/**
 * `iql report <verb>`: insight reports (Document 2 §4.2) for scripts — create one from a
 * `*.iqlreport.json` file (the Create request's fields; `--write-id` keeps the new ID in it),
 * follow its status to the end, print its single-category results (every page) or a cross
 * result as a table, list and read them. A report is named by its ID or by a file holding it.
 */
import type { CrossCategoryResult, GetInsightReportDefinitionResponse, GetInsightReportStatusResponse, InsightReportSummary, SingleCategoryResult } from '../../../common/api';
import { CreateInsightReportRequestSchema } from '../../../common/api';
import { collectAllPages, type ServiceResult } from '../../../service/src';
import { ExitCode, UsageError, type CliIo } from '../io';
import { pollUntilFinal } from './poll-service';
import { count, errorMessage } from './segment-read';
import { idFromArgument, readServiceFile, SERVICE_FILE_OPTIONS, writeIdToFile, type ServiceFileKind } from './service-file';
import { formatTextTable } from './text-table';
import { argument, callOptions, formatOf, printAnswer, progressOf, readableStatus, runVerbCommand, show, type Verb, type VerbContextOf } from './verb-command';

export const REPORT_USAGE = `usage: iql report <verb> [options]
  create FILE [--write-id] [--format text|json]  creates the report a *.iqlreport.json file describes
                                                 (name, seed, seed_filter, baseline, baseline_filter,
                                                 categories); prints its ID, --write-id writes it into FILE
  status REPORT|FILE [--wait]                    its status and completion; --wait polls until it is
                                                 completed or failed (progress on stderr)
  results REPORT|FILE [--cross CAT1,CAT2]        the single-category results, or the cross result of two
                                                 categories: backgrounds, foregrounds and index
  list [--format text|json]                      your company's insight reports
  get REPORT|FILE [--format text|json]           a report's definition`;

const REPORT_OPTIONS = {
  ...SERVICE_FILE_OPTIONS,
  cross: { type: 'string' },
} as const;

type ReportContext = VerbContextOf<typeof REPORT_OPTIONS>;

const REPORT_FILE: ServiceFileKind = {
  noun: 'report',
  schema: CreateInsightReportRequestSchema,
  required: [
    { path: ['name'], kind: 'string', example: '"name": "Cyclists among my customers"' },
    { path: ['seed', 'dataset_id'], kind: 'string', example: '"seed": { "dataset_id": "…" } (the seed dataset\'s 2.0 ID)' },
    { path: ['baseline', 'dataset_id'], kind: 'string', example: '"baseline": { "dataset_id": "…" } (the baseline dataset\'s 2.0 ID)' },
    { path: ['categories'], kind: 'array', example: '"categories": ["Gender", "Age"] (categories of the baseline dataset)' },
  ],
};

/** The statuses after which a report changes no more. */
const FINAL = new Set(['COMPLETED', 'FAILED', 'CANCELED']);

/** The report a verb names: its ID, or the `id` of the file given. */
async function reportOf(context: ReportContext): Promise<string> {
  const given = argument(context, 0, "the report's ID or its *.iqlreport.json file", 'RPT.1');
  return idFromArgument(given, `create the report first with 'iql report create ${given} --write-id'`);
}

// The casts after collectAllPages: PagedItem reads `never` for lists whose items field is
// optional on the wire (`reports?`, `results?`, `configs?`), though the items are there.
const VERBS: Readonly<Record<string, Verb<ReportContext['options']>>> = {
  create: async (context) => {
    const format = formatOf(context.options.format, ['text', 'json']);
    const file = await readServiceFile(argument(context, 0, 'a *.iqlreport.json file', 'cyclists.iqlreport.json'), REPORT_FILE);
    if (file.id !== undefined) throw new UsageError(`${file.path} already names the report ${file.id}: remove its "id" to create another`);
    const created = await context.client.call('createInsightReport', { body: file.body }, callOptions(context.io));
    if (created.ok && context.options['write-id'] === true && created.value.report_id) await writeIdToFile(file, created.value.report_id);
    return printAnswer(context, created, format, (value) => [value.report_id ?? '']);
  },
  status: async (context) => {
    const format = formatOf(context.options.format, ['text', 'json']);
    const id = await reportOf(context);
    const read = async () => context.client.call('getInsightReportStatus', { params: { report_id: id } }, callOptions(context.io));
    if (context.options.wait !== true) return printAnswer(context, await read(), format, (value) => describeStatus(id, value));
    const say = progressOf(context, id);
    const final = await pollUntilFinal({
      read,
      done: (value) => FINAL.has(value.status ?? ''),
      say: (value, attempt) => say(`${readableStatus(value.status)}, ${percentage(value)}, ${attempt}`),
      operation: 'Get the status of an insight report',
      ...callOptions(context.io),
    });
    const code = printAnswer(context, final, format, (value) => describeStatus(id, value));
    if (code !== ExitCode.ok || !final.ok || final.value.status === 'COMPLETED') return code;
    context.io.stderr.write(`iql ${context.command}: the report did not complete: ${errorMessage(final.value.error) ?? readableStatus(final.value.status)}\n`);
    return ExitCode.findings;
  },
  results: async (context) => {
    const format = formatOf(context.options.format, ['text', 'json']);
    const id = await reportOf(context);
    if (context.options.cross !== undefined) {
      const [first, second, ...more] = context.options.cross.split(',').map((name) => name.trim());
      if (!first || !second || more.length > 0) throw new UsageError(`--cross takes two categories, CAT1,CAT2, e.g. --cross Gender,Age; not '${context.options.cross}'`);
      const cross = await context.client.call('getInsightReportCrossResult', { params: { report_id: id }, query: { category_1: first, category_2: second } }, callOptions(context.io));
      return printAnswer(context, cross, format, (value) => (value.result ? crossTable(value.result) : [`No cross result of ${first} and ${second}.`]));
    }
    const singles = await collectAllPages(context.client, 'listInsightReportSingles', { params: { report_id: id } }, callOptions(context.io)) as ServiceResult<SingleCategoryResult[]>;
    return printAnswer(context, singles, format, (results) => (results.length === 0 ? [`No result in ${id}.`] : singlesTable(results)));
  },
  list: async (context) => {
    const format = formatOf(context.options.format, ['text', 'json']);
    const listed = await collectAllPages(context.client, 'listInsightReports', {}, callOptions(context.io)) as ServiceResult<InsightReportSummary[]>;
    return printAnswer(context, listed, format, (reports) =>
      reports.length === 0
        ? ['Your company has no insight report.']
        : formatTextTable(
            ['ID', 'Name', 'Status', 'Done', 'Created'],
            reports.map((report) => [report.report_id ?? '', report.report_name ?? '', readableStatus(report.status), percentage(report), report.created_date_time ?? '']),
            [false, false, false, true, false],
          ),
    );
  },
  get: async (context) => {
    const id = await reportOf(context);
    return show(context, (call) => context.client.call('getInsightReportDefinition', { params: { report_id: id } }, call), describeDefinition);
  },
};

function percentage(value: { readonly progress?: { readonly completion_percentage?: number | undefined } | undefined }): string {
  const done = value.progress?.completion_percentage;
  return done === undefined ? '' : `${done}%`;
}

function describeStatus(id: string, value: GetInsightReportStatusResponse): string[] {
  const done = percentage(value);
  return [`${id}: ${readableStatus(value.status)}${done ? ` (${done})` : ''}`, ...(errorMessage(value.error) ? [`Error: ${errorMessage(value.error)}`] : [])];
}

function describeDefinition(value: GetInsightReportDefinitionResponse): string[] {
  return [
    `${value.report_id ?? ''}  ${value.report_name ?? ''}  (${readableStatus(value.status)})`,
    `Seed: ${value.seed?.dataset_id ?? ''}${value.seed_filter ? ` WHERE ${value.seed_filter}` : ''}`,
    `Baseline: ${value.baseline?.dataset_id ?? ''}${value.baseline_filter ? ` WHERE ${value.baseline_filter}` : ''}`,
    `Categories: ${(value.categories ?? []).join(', ')}`,
    ...(value.owner_id ? [`Owner: ${value.owner_id}`] : []),
    ...(value.created_date_time ? [`Created: ${value.created_date_time}${value.created_by ? ` by ${value.created_by}` : ''}`] : []),
    ...(errorMessage(value.error) ? [`Error: ${errorMessage(value.error)}`] : []),
  ];
}

const COUNT_HEADERS = ['Baseline bg', 'Baseline fg', 'Intersection bg', 'Intersection fg', 'Index'];

function singlesTable(results: readonly SingleCategoryResult[]): string[] {
  const rows = results.flatMap((result) =>
    (result.values ?? []).map((value) => [
      result.category_name ?? '', value.category_value ?? '',
      count(result.baseline_background), count(value.baseline_foreground), count(result.intersection_background), count(value.intersection_foreground), count(value.index),
    ]),
  );
  return formatTextTable(['Category', 'Value', ...COUNT_HEADERS], rows, [false, false, true, true, true, true, true]);
}

function crossTable(result: CrossCategoryResult): string[] {
  const rows = (result.values ?? []).map((value) => [
    value.category_value_1 ?? '', value.category_value_2 ?? '',
    count(result.baseline_background), count(value.baseline_foreground), count(result.intersection_background), count(value.intersection_foreground), count(value.index),
  ]);
  return formatTextTable([result.category_name_1 ?? 'Category 1', result.category_name_2 ?? 'Category 2', ...COUNT_HEADERS], rows, [false, false, true, true, true, true, true]);
}

export async function runReportCommand(args: readonly string[], io: CliIo): Promise<number> {
  return runVerbCommand({ name: 'report', usage: REPORT_USAGE, options: REPORT_OPTIONS, verbs: VERBS }, args, io);
}
