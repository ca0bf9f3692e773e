/**
 * API 2.0, deprecated: the query-based activation pushes (seed 001 §4.5, "use segment exports
 * instead"). Still served; every answer carries a `Deprecation` header (handle-request.ts).
 * `query_id` is an activation's ID (Queue an Activation, or a PAIR activation query); another
 * company's activation is 404 like one that does not exist. The destinations of an activation
 * are the caller company's own destination instances, or — for an activation run in a
 * collaboration — the collaboration's destinations its target dataset may be exported to (as
 * for a segment). Pushing needs the operator right in that collaboration, an activation polled
 * to completion, and a `push_config` that follows the destination's push schema (400 naming the
 * failing path). A push is an asynchronous job on the activation's rows: PUSH_PENDING until
 * polled done, then PUSH_SUCCESSFUL, or PUSH_FAILED with `push_error` when its destination
 * instance was deleted before the push completed.
 */
import type { PushActivationResultsRequest } from '../../../../common/api';
import type { CatalogCollaboration } from '../../data/catalog-schema';
import { checkPushConfig } from '../../destinations/config-validator';
import type { DestinationInstanceRecord } from '../../destinations/destination-instances';
import { effectivePushConfig, pushSchemaOf } from '../../destinations/push-schema';
import type { ActivationRecord } from '../../state/emulator-state';
import { mapJob } from '../../state/polled-job';
import { toActivationPush } from '../../views/v2-activation-push-view';
import { destinationInstances, ownedInstances } from '../destination-access';
import { applyListParams } from '../list-params';
import type { ListFields } from '../list-params';
import { requireWellFormedId } from '../management-policy';
import { paginate, readPageRequest } from '../pagination';
import { requireCollaboration, requireOperator } from '../query-scope';
import { destinationOverviewPage, reachableDestinations } from '../reachable-destinations';
import { badRequest, notFound, quote } from '../reply-error';
import type { RouteContext, RouteHandler } from '../route-context';
import { param } from '../route-context';

const PUSH_FIELDS: ListFields = {
  filter: { push_successful: 'push_successful', status: 'status', destination_id: 'destination_id', destination_type_id: 'destination_type_id' },
  orderBy: ['push_id', 'status', 'destination_id', 'destination_type_id', 'started_at_date_time', 'completed_at_date_time'],
};

/** The caller company's activation named by the path's `query_id`: 400 for a malformed ID, else 404. */
function findActivationQuery(context: RouteContext): ActivationRecord {
  const id = requireWellFormedId(param(context, 'query_id'), 'query_id');
  const record = context.state.activations.get(id);
  if (!record || record.companyId !== context.caller.companyId) throw notFound(`unknown activation query ${quote(id)}`);
  return record;
}

/** The activation's collaboration if it ran in one: 404 once the caller no longer belongs to it; `action` asks for the operator right. */
function collaborationOf(context: RouteContext, record: ActivationRecord, action?: string): CatalogCollaboration | undefined {
  if (record.collaborationId === undefined) return undefined;
  return action === undefined
    ? requireCollaboration(context.data, context.caller, record.collaborationId)
    : requireOperator(context.data, context.caller, record.collaborationId, action);
}

/** Where the activation's rows may be pushed. */
function pushTargets(context: RouteContext, record: ActivationRecord, collaboration: CatalogCollaboration | undefined): DestinationInstanceRecord[] {
  if (collaboration === undefined) return ownedInstances(context);
  const target = collaboration.datasets.find((entry) => context.data.datasets.get(entry.private_id)?.meta.dataset_id === record.datasetId);
  return reachableDestinations(context, collaboration, target?.collaboration_dataset_name ?? '');
}

/** The path's destination among the activation's push targets: 400 for a malformed ID, else 404 alike for absent and out of reach. */
function findPushTarget(context: RouteContext, record: ActivationRecord, collaboration: CatalogCollaboration | undefined): DestinationInstanceRecord {
  const id = requireWellFormedId(param(context, 'destination_id'), 'destination_id');
  const instance = pushTargets(context, record, collaboration).find((candidate) => candidate.id === id);
  if (!instance) throw notFound(`unknown destination ${quote(id)} for activation query ${quote(record.id)}`);
  return instance;
}

export const listActivationDestinationsRoute: RouteHandler = (context) => {
  const record = findActivationQuery(context);
  return destinationOverviewPage(context, pushTargets(context, record, collaborationOf(context, record)));
};

export const getActivationDestinationPushSchemaRoute: RouteHandler = (context) => {
  const record = findActivationQuery(context);
  return { push_schema: pushSchemaOf(findPushTarget(context, record, collaborationOf(context, record))) };
};

export const pushActivationResultsRoute: RouteHandler = (context) => {
  const record = findActivationQuery(context);
  const collaboration = collaborationOf(context, record, 'push activation results');
  const instance = findPushTarget(context, record, collaboration);
  const rows = record.job.result;
  if (rows === undefined) {
    throw badRequest(`activation query ${quote(record.id)} has not completed: poll Get an Activation until its status is QUERY_COMPLETED, then push`);
  }
  if (!rows.ok) throw badRequest(`activation query ${quote(record.id)} failed, so it has no rows to push: ${rows.problem.message}`);
  const body = context.body as PushActivationResultsRequest;
  const problem = checkPushConfig(instance, body.push_config ?? {});
  if (problem !== undefined) throw badRequest(problem);
  const id = context.state.nextPushId();
  const instances = destinationInstances(context);
  const destinationId = instance.id;
  context.state.pushes.set(id, {
    id,
    activationId: record.id,
    companyId: context.caller.companyId,
    destinationId,
    destinationTypeId: instance.destinationTypeId,
    pushConfig: effectivePushConfig(instance, body.push_config),
    // Delivered when the push is seen done: a destination deleted before then makes it fail.
    job: mapJob(context.state.startJob(() => rows), (outcome) =>
      instances.find(destinationId) !== undefined
        ? outcome
        : { ok: false, problem: { message: `destination ${quote(destinationId)} was deleted before the push completed: no rows were delivered` } }),
  });
  return { push_id: id };
};

export const listActivationPushesRoute: RouteHandler = (context) => {
  const record = findActivationQuery(context);
  collaborationOf(context, record);
  const pushes = [...context.state.pushes.values()]
    .filter((push) => push.activationId === record.id && push.companyId === context.caller.companyId)
    .map((push) => toActivationPush(push, false));
  const page = paginate(applyListParams(pushes, context.query, PUSH_FIELDS), readPageRequest(context.query));
  return { activation_pushes: page.items, pagination_response: page.pagination };
};

export const getActivationPushRoute: RouteHandler = (context) => {
  const record = findActivationQuery(context);
  collaborationOf(context, record);
  const id = requireWellFormedId(param(context, 'push_id'), 'push_id');
  const push = context.state.pushes.get(id);
  if (!push || push.activationId !== record.id || push.companyId !== context.caller.companyId) {
    throw notFound(`unknown push ${quote(id)} of activation query ${quote(record.id)}`);
  }
  push.job.observe();
  return { push_details: toActivationPush(push, true) };
};
