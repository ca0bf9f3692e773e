/**
 * API 2.0 activation segments: list, create, get, update, delete, calculate, export, and the
 * exports. Reading needs membership; changing, calculating and exporting need the operator
 * right. Creating needs the caller's company among the target dataset's
 * `exportable_to_members`; updating and deleting, to be the segment's creator company or the
 * collaboration's owner (collaboration-policy.ts). A calculation is also a 1.0 query: its
 * `query_id` is polled with Get a Query and its result (the audience = exported rows) read
 * with Get a Result. Calculations and exports append events to the collaboration's log
 * (segment-events.ts). An export's `push_config` must follow the destination's push schema
 * (the one Get Activation Segment Destination Push Schema answers): 400 naming the failing path.
 */
import type {
  CreateActivationSegmentRequest, ExportActivationSegmentRequest, QueryResult, UpdateActivationSegmentRequest,
} from '../../../../common/api';
import type { CatalogCollaboration } from '../../data/catalog-schema';
import type { ActivationRows, QueryOutcome } from '../../query-engine';
import { DEFAULT_SEGMENT_OPTIONS, cloneOptions, hashId } from '../../state/emulator-state';
import type { SegmentOptions, SegmentRecord } from '../../state/emulator-state';
import { mapJob } from '../../state/polled-job';
import type { Pollable } from '../../state/polled-job';
import { targetOf, toExport, toSegment, toSegmentSummary } from '../../views/v2-segment-view';
import { requireExportable, requireSegmentOwner, yourCompany } from '../collaboration-policy';
import { checkPushConfig } from '../../destinations/config-validator';
import { effectivePushConfig } from '../../destinations/push-schema';
import { spendCredits } from '../credit-spend';
import { destinationInstances } from '../destination-access';
import { collaborationDatasets, requireCollaboration, requireOperator } from '../query-scope';
import { badRequest, notFound, quote } from '../reply-error';
import type { RouteContext, RouteHandler } from '../route-context';
import { param } from '../route-context';
import { companyUserId } from '../../views/company-user';
import { appendSegmentCalculated, appendSegmentExported } from '../segment-events';
import { pagedList } from './v2-collaboration-routes';
import { queryProblemError } from './query-problem';

/** The collaboration's segments; the catalog's are shown as created by the owner company's first user. */
function liveSegments(context: RouteContext, collaboration: CatalogCollaboration): SegmentRecord[] {
  return context.state.segmentsOf(collaboration, companyUserId(context.data, collaboration.owner_company_id));
}

/** The segments of the path's collaboration, each checked against the collaboration once. */
function segmentsIn(context: RouteContext, collaboration: CatalogCollaboration): SegmentRecord[] {
  const datasets = collaborationDatasets(context.data, collaboration);
  const segments = liveSegments(context, collaboration);
  for (const segment of segments) segment.validation ??= context.engine.validate(segment.query, datasets, 'activation');
  return segments;
}

/** The path's segment in the collaboration, or 404. */
export function findSegment(context: RouteContext, collaboration: CatalogCollaboration): SegmentRecord {
  const id = param(context, 'activation_segment_id');
  const segment = segmentsIn(context, collaboration).find((candidate) => candidate.id === id);
  if (!segment) throw notFound(`unknown activation segment ${quote(id)} in collaboration ${quote(collaboration.id)}`);
  return segment;
}

function segmentAnswer(context: RouteContext, collaboration: CatalogCollaboration, segment: SegmentRecord): { activation_segment: unknown } {
  return { activation_segment: toSegment(segment, collaborationDatasets(context.data, collaboration)) };
}

export const listActivationSegmentsRoute: RouteHandler = (context) => {
  const collaboration = requireCollaboration(context.data, context.caller, param(context, 'collaboration_id'));
  const datasets = collaborationDatasets(context.data, collaboration);
  return pagedList(
    context,
    'activation_segments',
    segmentsIn(context, collaboration).map((segment) => toSegmentSummary(segment, datasets)),
  );
};

export const createActivationSegmentRoute: RouteHandler = (context) => {
  const collaboration = requireOperator(context.data, context.caller, param(context, 'collaboration_id'), 'create activation segments');
  const body = context.body as CreateActivationSegmentRequest;
  const name = body.name.trim();
  if (name === '') throw badRequest('name: give the segment a name');
  if (name.length > 200) throw badRequest('name: at most 200 characters');
  const validation = context.engine.validate(body.query, collaborationDatasets(context.data, collaboration), 'activation');
  if (!validation.ok) throw queryProblemError(validation.problem);
  // A segment is an activation query kept for export: its rows are the caller's to send on.
  requireExportable(collaboration, validation.value.outputDataset ?? '', context.caller.companyId, yourCompany(context.caller));
  const segment: SegmentRecord = {
    id: context.state.nextSegmentId(),
    collaborationId: collaboration.id,
    name,
    query: body.query,
    createdBy: context.caller.user.id,
    creatorCompanyId: context.caller.companyId,
    options: mergeOptions(cloneOptions(DEFAULT_SEGMENT_OPTIONS), body),
    validation,
    calculations: [],
  };
  liveSegments(context, collaboration).push(segment);
  return segmentAnswer(context, collaboration, segment);
};

export const getActivationSegmentRoute: RouteHandler = (context) => {
  const collaboration = requireCollaboration(context.data, context.caller, param(context, 'collaboration_id'));
  const segment = findSegment(context, collaboration);
  // Reading a segment polls its latest calculation, like Get a Query would.
  segment.calculations[segment.calculations.length - 1]?.job.observe();
  return segmentAnswer(context, collaboration, segment);
};

export const updateActivationSegmentRoute: RouteHandler = (context) => {
  const collaboration = requireOperator(context.data, context.caller, param(context, 'collaboration_id'), 'change activation segments');
  const segment = findSegment(context, collaboration);
  requireSegmentOwner(collaboration, context.caller, segment, 'change');
  segment.options = mergeOptions(segment.options, context.body as UpdateActivationSegmentRequest);
  return segmentAnswer(context, collaboration, segment);
};

export const deleteActivationSegmentRoute: RouteHandler = (context) => {
  const collaboration = requireOperator(context.data, context.caller, param(context, 'collaboration_id'), 'delete activation segments');
  const segment = findSegment(context, collaboration);
  requireSegmentOwner(collaboration, context.caller, segment, 'delete');
  const segments = liveSegments(context, collaboration);
  segments.splice(segments.indexOf(segment), 1);
  return {};
};

export const calculateActivationSegmentRoute: RouteHandler = (context) => {
  const collaboration = requireOperator(context.data, context.caller, param(context, 'collaboration_id'), 'calculate activation segments');
  const segment = findSegment(context, collaboration);
  if (segment.validation && !segment.validation.ok) throw queryProblemError(segment.validation.problem);
  const queryId = hashId('Q', [collaboration.id, segment.id, String(segment.calculations.length)]);
  const job = startSegmentRun(context, collaboration, segment);
  if (segment.validation?.ok) spendCredits(context, collaborationDatasets(context.data, collaboration), segment.validation.value);
  segment.calculations.push({ queryId, job });
  context.state.queries.set(queryId, { id: queryId, companyId: context.caller.companyId, job: mapJob(job, toQueryResult) });
  appendSegmentCalculated(context, collaboration, segment, queryId);
  return { query_id: queryId };
};

export const exportActivationSegmentRoute: RouteHandler = (context) => {
  const collaboration = requireOperator(context.data, context.caller, param(context, 'collaboration_id'), 'export activation segments');
  const segment = findSegment(context, collaboration);
  if (segment.validation && !segment.validation.ok) throw queryProblemError(segment.validation.problem);
  const body = context.body as ExportActivationSegmentRequest;
  const destination = collaboration.destinations.find((candidate) => candidate.id === body.destination_id);
  if (!destination) throw notFound(`unknown destination ${quote(body.destination_id)} in collaboration ${quote(collaboration.id)}`);
  const target = targetOf(segment, collaborationDatasets(context.data, collaboration));
  const owner = destination.owner_company_id;
  requireExportable(collaboration, target?.name ?? '?', owner, `destinations of ${quote(owner)}`);
  const instance = destinationInstances(context).find(destination.id);
  if (!instance) throw notFound(`unknown destination ${quote(destination.id)} in collaboration ${quote(collaboration.id)}`);
  // push_config must follow the push schema Get Activation Segment Destination Push Schema gives.
  const problem = checkPushConfig(instance, body.push_config ?? {});
  if (problem !== undefined) throw badRequest(problem);
  const id = context.state.nextExportId();
  context.state.exports.set(id, {
    id,
    segmentId: segment.id,
    collaborationId: collaboration.id,
    destinationId: destination.id,
    destinationTypeId: destination.destination_type_id,
    pushConfig: effectivePushConfig(instance, body.push_config),
    job: startSegmentRun(context, collaboration, segment),
  });
  appendSegmentExported(context, collaboration, segment, destination, id);
  return { export_id: id };
};

export const listActivationSegmentExportsRoute: RouteHandler = (context) => {
  const collaboration = requireCollaboration(context.data, context.caller, param(context, 'collaboration_id'));
  const segment = findSegment(context, collaboration);
  const exports = [...context.state.exports.values()]
    .filter((record) => record.collaborationId === collaboration.id && record.segmentId === segment.id)
    .map((record) => toExport(record, false));
  return pagedList(context, 'activation_exports', exports);
};

export const getActivationSegmentExportRoute: RouteHandler = (context) => {
  const collaboration = requireCollaboration(context.data, context.caller, param(context, 'collaboration_id'));
  const segment = findSegment(context, collaboration);
  const id = param(context, 'export_id');
  const record = context.state.exports.get(id);
  if (!record || record.collaborationId !== collaboration.id || record.segmentId !== segment.id) {
    throw notFound(`unknown export ${quote(id)} of activation segment ${quote(segment.id)}`);
  }
  record.job.observe();
  return { export_details: toExport(record, true) };
};

function startSegmentRun(context: RouteContext, collaboration: CatalogCollaboration, segment: SegmentRecord): Pollable<QueryOutcome<ActivationRows>> {
  const { engine, data } = context;
  const query = segment.query;
  return context.state.startJob(() => engine.runActivation(query, collaborationDatasets(data, collaboration)));
}

/** A calculation read through the 1.0 query operations: the audience is the number of exported rows. */
function toQueryResult(outcome: QueryOutcome<ActivationRows>): QueryOutcome<QueryResult> {
  return outcome.ok ? { ok: true, value: { dimensions: [], audience: outcome.value.rows.length } } : outcome;
}

function mergeOptions(options: SegmentOptions, body: UpdateActivationSegmentRequest & { path_overrides?: SegmentOptions['path_overrides'] }): SegmentOptions {
  return {
    column_separator: body.column_separator ?? options.column_separator,
    header_overrides: body.header_overrides ?? options.header_overrides,
    identity_flattening: body.identity_flattening ?? options.identity_flattening,
    inaccuracy_proportion: body.inaccuracy_proportion ?? options.inaccuracy_proportion,
    multi_value_delimiter: body.multi_value_delimiter ?? options.multi_value_delimiter,
    string_literal_columns: body.string_literal_columns ?? options.string_literal_columns,
    path_overrides: body.path_overrides ?? options.path_overrides,
  };
}
