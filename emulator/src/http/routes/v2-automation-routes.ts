/**
 * API 2.0 automation configs and executions (seed 001 §4.3). A config and its executions
 * belong to the company that created it: to another company they answer 404 like a missing
 * ID. Create and Update check §8: the name's characters, the cron expression, the IANA time
 * zone, RFC 3339 date-times with the end after the start, and exactly one block per step (400
 * naming the field). Update replaces the fields it is given; steps are not updatable. Execute
 * starts an execution now, whatever the schedule or `enabled`; enabled schedules fire by
 * themselves (automation/fire-schedules.ts), before any automation operation answers. An
 * execution moves one step on each time Get Execution or List Executions reads it
 * (automation/run-execution.ts).
 */
import type { AutomationStep, CreateAutomationConfigRequest, UpdateAutomationConfigRequest } from '../../../../common/api';
import { fireSchedules } from '../../automation/fire-schedules';
import { advanceExecution, startExecution } from '../../automation/run-execution';
import { checkCron, checkTimeZone, readInstant } from '../../../../language/src/schedule/index';
import type { AutomationConfigRecord, ExecutionRecord } from '../../state/automations';
import { toAutomationConfig, toExecution, toExecutionSteps } from '../../views/v2-automation-view';
import { badRequest, notFound, quote } from '../reply-error';
import type { RouteContext, RouteHandler } from '../route-context';
import { param } from '../route-context';
import { pagedList } from './v2-collaboration-routes';

const NAME = /^[A-Za-z0-9_\- ]+$/;
const STEP_BLOCKS = ['activation', 'activation_calculation', 'import', 'normalization', 'publish', 'recordset_creation'] as const;

export const listAutomationConfigsRoute: RouteHandler = (context) =>
  ownPage(context, 'configs', context.state.automations.configs, toAutomationConfig, 'updated_date_time DESC');

export const createAutomationConfigRoute: RouteHandler = (context) => {
  fireSchedules(context);
  const body = context.body as CreateAutomationConfigRequest;
  const steps = body.steps ?? [];
  steps.forEach(checkStep);
  const now = context.state.clock.now();
  const config: AutomationConfigRecord = {
    id: context.state.automations.nextConfigId(),
    companyId: context.caller.companyId,
    creator: context.caller,
    name: '',
    description: body.description ?? '',
    cloudVaultId: body.cloud_vault_id ?? '',
    cronTimer: '',
    timeZone: 'UTC',
    enabled: false,
    steps,
    createdAt: now,
    updatedAt: now,
    scheduledThrough: now,
  };
  applyFields(config, { ...body, name: body.name ?? '', cron_timer: body.cron_timer ?? '' });
  context.state.automations.configs.push(config);
  return { config: toAutomationConfig(config) };
};

export const getAutomationConfigRoute: RouteHandler = (context) => {
  fireSchedules(context);
  const config = findConfig(context);
  const last = context.state.automations.executions.filter((execution) => execution.configId === config.id).at(-1);
  return { config: toAutomationConfig(config), ...(last ? { last_execution_id: last.id } : {}) };
};

export const updateAutomationConfigRoute: RouteHandler = (context) => {
  fireSchedules(context);
  const config = findConfig(context);
  const wasEnabled = config.enabled;
  const changed: AutomationConfigRecord = { ...config };
  applyFields(changed, context.body as UpdateAutomationConfigRequest);
  Object.assign(config, changed);
  config.updatedAt = context.state.clock.now();
  // Resumed triggers start from now: the time a config was paused is not caught up.
  if (!wasEnabled && config.enabled) config.scheduledThrough = config.updatedAt;
  return { config: toAutomationConfig(config) };
};

export const deleteAutomationConfigRoute: RouteHandler = (context) => {
  fireSchedules(context);
  context.state.automations.deleteConfig(findConfig(context));
  return {};
};

export const executeAutomationConfigRoute: RouteHandler = (context) => {
  fireSchedules(context);
  const config = findConfig(context);
  return { execution_id: startExecution(context, config, context.caller.user.id, context.state.clock.now()) };
};

export const listAutomationExecutionsRoute: RouteHandler = (context) => {
  fireSchedules(context);
  // A list is a poll of every execution it may show.
  for (const execution of context.state.automations.executions) {
    if (execution.companyId === context.caller.companyId) advanceExecution(context, execution);
  }
  return ownPage(context, 'executions', context.state.automations.executions, toExecution, 'last_updated_date_time DESC');
};

/** A page of the caller company's records, after firing due schedules, in `defaultOrder` unless `order_by` is given. */
function ownPage<T extends { readonly companyId: string }>(
  context: RouteContext, field: string, records: readonly T[], view: (record: T) => object, defaultOrder: string,
): unknown {
  fireSchedules(context);
  const own = records.filter((record) => record.companyId === context.caller.companyId);
  return pagedList(withDefaultOrder(context, defaultOrder), field, own.map(view));
}

export const getAutomationExecutionRoute: RouteHandler = (context) => {
  fireSchedules(context);
  const execution = findExecution(context);
  advanceExecution(context, execution);
  return { execution: toExecution(execution), execution_steps: toExecutionSteps(execution) };
};

function findConfig(context: RouteContext): AutomationConfigRecord {
  const id = param(context, 'config_id');
  const config = context.state.automations.findConfig(context.caller.companyId, id);
  if (!config) throw notFound(`unknown automation config ${quote(id)}`);
  return config;
}

function findExecution(context: RouteContext): ExecutionRecord {
  const id = param(context, 'execution_id');
  const execution = context.state.automations.findExecution(context.caller.companyId, id);
  if (!execution) throw notFound(`unknown execution ${quote(id)}`);
  return execution;
}

/**
 * The list's order: `order_by` as sent, else the operation's default. The seed's default names
 * `updated_date_time`; an execution's field of that meaning is `last_updated_date_time`.
 * Equal times keep creation order.
 */
function withDefaultOrder(context: RouteContext, order: string): RouteContext {
  const query = new URLSearchParams(context.query);
  const asked = query.get('order_by')?.trim();
  if (!asked) query.set('order_by', order);
  else if (asked.startsWith('updated_date_time') && order.startsWith('last_')) query.set('order_by', `last_${asked}`);
  return { ...context, query };
}

/** Checks and applies the fields of a Create or Update body that are given; 400 naming the first bad one. */
function applyFields(config: AutomationConfigRecord, body: UpdateAutomationConfigRequest): void {
  if (body.name !== undefined) {
    if (!NAME.test(body.name) || body.name.trim() === '') {
      throw badRequest(`name: ${quote(body.name)} may hold letters, digits, underscores, hyphens and spaces only, and not be empty`);
    }
    config.name = body.name;
  }
  if (body.cron_timer !== undefined) {
    const problem = checkCron(body.cron_timer);
    if (problem) throw badRequest(problem);
    config.cronTimer = body.cron_timer.trim().split(/\s+/).join(' ');
  }
  if (body.timezone_identifier !== undefined) {
    const problem = checkTimeZone(body.timezone_identifier);
    if (problem) throw badRequest(problem);
    config.timeZone = body.timezone_identifier;
  }
  if (body.description !== undefined) config.description = body.description;
  if (body.enabled !== undefined) config.enabled = body.enabled;
  if (body.start_date_time !== undefined) config.startDateTime = body.start_date_time;
  if (body.end_date_time !== undefined) config.endDateTime = body.end_date_time;
  if (config.startDateTime !== undefined && config.endDateTime !== undefined && readInstant(config.endDateTime) <= readInstant(config.startDateTime)) {
    throw badRequest(`end_date_time: ${quote(config.endDateTime)} is not after start_date_time ${quote(config.startDateTime)}`);
  }
}

/** Exactly one block per step, with the fields its work needs. */
function checkStep(step: AutomationStep, index: number): void {
  const blocks = STEP_BLOCKS.filter((name) => step[name] !== undefined);
  if (blocks.length !== 1) {
    throw badRequest(`steps[${index}]: give exactly one block among ${STEP_BLOCKS.join(', ')}; found ${blocks.length === 0 ? 'none' : blocks.join(' and ')}`);
  }
  const block = blocks[0] ?? 'import';
  const fields = step[block] as Record<string, unknown>;
  const needed = block === 'activation' ? ['collaboration_id', 'activation_segment_id', 'destination_id']
    : block === 'activation_calculation' ? ['collaboration_id', 'activation_segment_id']
      : block === 'publish' ? ['config_id', 'dataset_id'] : ['config_id'];
  for (const field of needed) {
    if (typeof fields[field] !== 'string' || fields[field] === '') throw badRequest(`steps[${index}].${block}.${field}: required`);
  }
}
