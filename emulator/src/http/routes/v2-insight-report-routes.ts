/**
 * API 2.0 insight reports (seed 001 §4.2): list, create, definition, status, single and cross
 * category results. A report belongs to the company that created it; another company's report
 * answers 404 like a missing one. Creating needs both datasets visible to the caller (400
 * naming the field otherwise) and one of them owned by the caller's company (403): a report
 * compares your audience with a partner's or your own. Each filter must parse and resolve on
 * its dataset (400 naming the filter, line and column); each category must be one of the
 * baseline dataset's. Results are read once the report is COMPLETED: before, 400 naming the
 * status (emulator/README.md, "Insight reports").
 */
import type { CreateInsightReportRequest } from '../../../../common/api';
import { findVisibleDatasetById } from '../../access/access-rules';
import type { LoadedDataset } from '../../data/loaded-data';
import type { NamedDataset } from '../../query-engine';
import { computeCross, computeSingles } from '../../reports/compute-report';
import { prepareFilter } from '../../reports/report-filter';
import type { InsightReportRecord } from '../../state/insight-reports';
import { reportState, toReportDefinition, toReportStatus, toReportSummary } from '../../views/v2-insight-report-view';
import { badRequest, forbidden, notFound, quote } from '../reply-error';
import type { RouteContext, RouteHandler } from '../route-context';
import { param } from '../route-context';
import { pagedList } from './v2-collaboration-routes';

export const listInsightReportsRoute: RouteHandler = (context) =>
  pagedList(context, 'reports', context.state.reports.ofCompany(context.caller.companyId).map(toReportSummary));

export const createInsightReportRoute: RouteHandler = (context) => {
  const body = context.body as CreateInsightReportRequest;
  const name = (body.name ?? '').trim();
  if (name === '') throw badRequest('name: give the report a name');
  if (name.length > 200) throw badRequest('name: at most 200 characters');
  const seed = requireDataset(context, 'seed.dataset_id', body.seed?.dataset_id);
  const baseline = requireDataset(context, 'baseline.dataset_id', body.baseline?.dataset_id);
  if (seed.meta.owner_company_id !== context.caller.companyId && baseline.meta.owner_company_id !== context.caller.companyId) {
    throw forbidden(`your company ${quote(context.caller.companyId)} owns neither dataset: a report's seed or baseline is one of your own datasets`);
  }
  const categories = checkCategories(body.categories ?? [], baseline);
  const seedNamed = named(seed);
  const baselineNamed = named(baseline);
  const seedFilter = prepareFilter(context.engine, 'seed_filter', body.seed_filter ?? '', seedNamed);
  if (!seedFilter.ok) throw badRequest(seedFilter.message);
  const baselineFilter = prepareFilter(context.engine, 'baseline_filter', body.baseline_filter ?? '', baselineNamed);
  if (!baselineFilter.ok) throw badRequest(baselineFilter.message);
  const plan = { seed: seedNamed, baseline: baselineNamed, seedCondition: seedFilter.condition, baselineCondition: baselineFilter.condition, categories };
  const engine = context.engine;
  const id = context.state.reports.nextId();
  context.state.reports.add({
    id,
    companyId: context.caller.companyId,
    createdBy: context.caller.user.id,
    name,
    seedDatasetId: seed.meta.dataset_id,
    baselineDatasetId: baseline.meta.dataset_id,
    seedFilter: body.seed_filter ?? '',
    baselineFilter: body.baseline_filter ?? '',
    plan,
    job: context.state.startJob(() => computeSingles(engine, plan)),
  });
  return { report_id: id };
};

export const getInsightReportDefinitionRoute: RouteHandler = (context) => toReportDefinition(findReport(context));

export const getInsightReportStatusRoute: RouteHandler = (context) => {
  const record = findReport(context);
  record.job.observe();
  return toReportStatus(record);
};

export const listInsightReportSinglesRoute: RouteHandler = (context) => pagedList(context, 'results', completedSingles(findReport(context)));

export const getInsightReportCrossResultRoute: RouteHandler = (context) => {
  const record = findReport(context);
  completedSingles(record);
  const first = requireReportCategory(record, 'category_1', context.query.get('category_1'));
  const second = requireReportCategory(record, 'category_2', context.query.get('category_2'));
  if (first === second) throw badRequest(`category_2: name a category other than category_1 ${quote(first)}`);
  const cross = computeCross(context.engine, record.plan, first, second);
  if (!cross.ok) throw badRequest(cross.problem.message);
  return { result: cross.value };
};

function findReport(context: RouteContext): InsightReportRecord {
  const id = param(context, 'report_id');
  const record = context.state.reports.find(context.caller.companyId, id);
  if (!record) throw notFound(`unknown insight report ${quote(id)}`);
  return record;
}

/** The single category results of a completed report; 400 naming the status otherwise. */
function completedSingles(record: InsightReportRecord): readonly object[] {
  const outcome = record.job.result;
  if (outcome?.ok) return outcome.value;
  const state = reportState(record);
  throw badRequest(`insight report ${quote(record.id)} is ${state.status}: results are read once it is COMPLETED${outcome ? ` (${outcome.problem.message})` : '; poll Get the status of an insight report'}`);
}

function requireDataset(context: RouteContext, field: string, id: string | undefined): LoadedDataset {
  if (id === undefined || id.trim() === '') throw badRequest(`${field}: name a dataset`);
  const dataset = findVisibleDatasetById(context.data, context.caller, id);
  if (!dataset) throw badRequest(`${field}: unknown dataset ${quote(id)}`);
  return dataset;
}

function named(dataset: LoadedDataset): NamedDataset {
  return { name: dataset.meta.private_id, dataset, activation: false };
}

function checkCategories(categories: readonly string[], baseline: LoadedDataset): string[] {
  if (categories.length === 0) throw badRequest('categories: list at least one category of the baseline dataset');
  const known = baseline.meta.categories.map((category) => category.label);
  categories.forEach((category, index) => {
    if (!known.includes(category)) {
      throw badRequest(`categories[${index}]: ${quote(category)} is not a category of the baseline dataset; it has ${known.map(quote).join(', ')}`);
    }
    if (categories.indexOf(category) !== index) throw badRequest(`categories[${index}]: ${quote(category)} is listed twice`);
  });
  return [...categories];
}

function requireReportCategory(record: InsightReportRecord, field: string, value: string | null): string {
  if (value === null || value === '') throw badRequest(`${field}: name one of the report's categories (${record.plan.categories.map(quote).join(', ')})`);
  if (!record.plan.categories.includes(value)) {
    throw badRequest(`${field}: ${quote(value)} is not a category of the report; it has ${record.plan.categories.map(quote).join(', ')}`);
  }
  return value;
}
