/**
 * API 1.0 activations: Validates an Activation Query, Queue an Activation, List Activations,
 * Get an Activation. An activation's query runs on the next tick; its status moves from
 * QUERY_PENDING through QUERY_RUNNING to QUERY_COMPLETED as the client polls it. Queued in a
 * collaboration, it needs the caller's company among the target dataset's
 * `exportable_to_members` (collaboration-policy.ts).
 */
import type {
  Activation, ActivationSummary, QueueActivationRequest, QueueActivationResponse, ValidateActivationRequest,
} from '../../../../common/api';
import type { ActivationRecord } from '../../state/emulator-state';
import { hashId } from '../../state/emulator-state';
import { EMULATOR_EPOCH } from '../wire-time';
import { requireExportable, yourCompany } from '../collaboration-policy';
import { spendCredits } from '../credit-spend';
import { resolveQueryScope } from '../query-scope';
import { badRequest, notFound, quote } from '../reply-error';
import type { RouteHandler } from '../route-context';
import { param } from '../route-context';
import { queryProblemError } from './query-problem';

export const validateActivationRoute: RouteHandler = (context) => {
  const body = context.body as ValidateActivationRequest;
  const scope = resolveQueryScope(context.data, context.caller, body.collaboration_id);
  const outcome = context.engine.validate(body.query, scope.datasets, 'activation');
  if (!outcome.ok) throw queryProblemError(outcome.problem);
  return { success: true };
};

export const queueActivationRoute: RouteHandler = (context) => {
  const body = context.body as QueueActivationRequest;
  const scope = resolveQueryScope(context.data, context.caller, body.collaboration_id);
  const valid = context.engine.validate(body.query, scope.datasets, 'activation');
  if (!valid.ok) throw queryProblemError(valid.problem);
  const target = scope.datasets.find((dataset) => dataset.name === valid.value.outputDataset);
  if (!target) throw badRequest('the query selects no output columns of an activation dataset');
  // In a collaboration the rows go to the caller's company, which the dataset must list.
  if (scope.collaboration) requireExportable(scope.collaboration, target.name, context.caller.companyId, yourCompany(context.caller));
  const id = hashId('ACT.', [context.caller.companyId, JSON.stringify(body)]);
  if (!context.state.activations.has(id)) {
    const { engine } = context;
    spendCredits(context, scope.datasets, valid.value);
    context.state.activations.set(id, {
      id,
      companyId: context.caller.companyId,
      collaborationId: body.collaboration_id || undefined,
      campaignName: body.campaign_name ?? '',
      query: body.query,
      columnSeparator: body.column_separator ?? ',',
      stringLiteralColumns: body.string_literal_columns ?? [],
      stringLiteralColumn: body.string_literal_column,
      datasetId: target.dataset.meta.dataset_id,
      outputColumns: valid.value.outputColumns ?? [],
      job: context.state.startJob(() => engine.runActivation(body.query, scope.datasets)),
      serial: context.state.activations.size,
    });
  }
  const answer: QueueActivationResponse = { activation_id: id, query_completed: false };
  return answer;
};

export const listActivationsRoute: RouteHandler = (context) => {
  const query = context.query;
  const collaborationId = query.get('filter.collaboration_id') ?? '';
  const campaign = (query.get('filter.campaign_name') ?? '').toLowerCase();
  const successful = readBoolean(query.get('filter.query_successful'), 'filter.query_successful');
  const expired = readBoolean(query.get('filter.results_expired'), 'filter.results_expired');
  const columns = query.getAll('filter.output_columns');
  const datasets = query.getAll('filter.activation_dataset_private_ids');
  const activations = [...context.state.activations.values()]
    .filter((record) => record.companyId === context.caller.companyId)
    // Without filter.collaboration_id, activations run in collaborations are left out (seed 000, 4.4).
    .filter((record) => (record.collaborationId ?? '') === collaborationId)
    .filter((record) => campaign === '' || record.campaignName.toLowerCase().includes(campaign))
    .filter((record) => successful === undefined || successOf(record) === successful)
    .filter(() => expired === undefined || expired === false)
    .filter((record) => columns.length === 0 || record.outputColumns.some((column) => columns.includes(column)))
    .filter((record) => datasets.length === 0 || datasets.some((name) => activationDatasetMatches(context.data, record, name)))
    .sort((a, b) => a.serial - b.serial)
    .map(toSummary);
  if (query.get('sort.order') === 'DESCENDING') activations.reverse();
  return { activations };
};

export const getActivationRoute: RouteHandler = (context) => {
  const id = param(context, 'activation_id');
  const record = context.state.activations.get(id);
  if (!record || record.companyId !== context.caller.companyId) throw notFound(`unknown activation ${quote(id)}`);
  record.job.observe();
  const outcome = record.job.result;
  const activation: Activation = {
    summary: toSummary(record),
    ...(outcome && !outcome.ok ? { query_error: { code: 3, message: outcome.problem.message, details: [] } } : {}),
    output_columns: [...record.outputColumns],
    pushes: [],
    query_string: record.query,
    join_metadata: [],
  };
  return { activation };
};

function toSummary(record: ActivationRecord): ActivationSummary {
  const outcome = record.job.result;
  const status = outcome !== undefined ? 'QUERY_COMPLETED' : record.job.isRunning ? 'QUERY_RUNNING' : 'QUERY_PENDING';
  return {
    activation_id: record.id,
    campaign_name: record.campaignName,
    status,
    ...(outcome?.ok ? { total_rows: outcome.value.rows.length } : {}),
    submitted_at: EMULATOR_EPOCH,
    query_successful: outcome?.ok ?? false,
    results_expired: false,
    dataset_id: record.datasetId,
    project_ids: [],
    column_separator: record.columnSeparator,
    ...(record.stringLiteralColumn ? { string_literal_column: record.stringLiteralColumn } : {}),
    ...(outcome?.ok ? { original_record_count: outcome.value.rows.length } : {}),
    string_literal_columns: [...record.stringLiteralColumns],
    ...(record.collaborationId ? { collaboration_id: record.collaborationId } : {}),
  };
}

function successOf(record: ActivationRecord): boolean {
  return record.job.result?.ok ?? false;
}

function activationDatasetMatches(data: { datasets: ReadonlyMap<string, { meta: { dataset_id: string } }> }, record: ActivationRecord, privateId: string): boolean {
  return data.datasets.get(privateId)?.meta.dataset_id === record.datasetId;
}

function readBoolean(text: string | null, name: string): boolean | undefined {
  if (text === null || text === '') return undefined;
  if (text === 'true' || text === 'false') return text === 'true';
  throw badRequest(`${name} must be true or false`);
}
