/**
 * One execution of an automation config: its steps in order, each as the matching API
 * operation would do it for the config's creator, so a step does real work against the
 * emulator's state and is refused for the same reasons. Activation calculation is Calculate
 * Activation Segment; activation is Export Activation Segment Results; the data-supply steps
 * (import, recordset creation, normalization, publish) start the executions of Document 3,
 * chained on the step before them (supply-steps.ts), and stay RUNNING until those have
 * ended. The first failed step stops the execution; the steps after it are CANCELED.
 *
 * An execution does not finish at once: like the service's, it moves as it is polled. Each
 * read of it (Get Execution, or List Executions listing it) is a poll; the first shows it
 * WAITING, each later one moves it one tick: the first step RUNNING (its work done now, its
 * task ID shown) → that step's outcome shown and the next step RUNNING → … → COMPLETED, or
 * FAILED at the first failed step (the rest CANCELED).
 */
import type { AutomationStep } from '../../../common/api';
import { ReplyError } from '../http/reply-error';
import type { RouteContext } from '../http/route-context';
import { calculateActivationSegmentRoute, exportActivationSegmentRoute } from '../http/routes/v2-segment-routes';
import type { AutomationConfigRecord, ExecutionRecord, PendingWork, StepOutcome, SupplyProduct } from '../state/automations';
import { isSupplyStep, startSupplyStep } from './supply-steps';

type Services = Pick<RouteContext, 'data' | 'engine' | 'state'>;

/** The one block of a step (checked at creation) and its task type. */
export function stepBlock(step: AutomationStep): { name: string; taskType: string; configId: string } {
  if (step.activation_calculation) {
    return { name: 'activation_calculation', taskType: 'TASK_TYPE_ACTIVATION_CALCULATION', configId: step.activation_calculation.activation_segment_id ?? '' };
  }
  if (step.activation) return { name: 'activation', taskType: 'TASK_TYPE_ACTIVATION', configId: step.activation.activation_segment_id ?? '' };
  if (step.import) return { name: 'import', taskType: 'TASK_TYPE_IMPORT', configId: step.import.config_id ?? '' };
  if (step.normalization) return { name: 'normalization', taskType: 'TASK_TYPE_NORMALIZATION', configId: step.normalization.config_id ?? '' };
  if (step.recordset_creation) return { name: 'recordset creation', taskType: 'TASK_TYPE_RECORDSET', configId: step.recordset_creation.config_id ?? '' };
  return { name: 'publish', taskType: 'TASK_TYPE_PUBLISH', configId: step.publish?.config_id ?? '' };
}

/** Records a new WAITING execution of the config, started at `startedAt`; answers its ID. */
export function startExecution(services: Services, config: AutomationConfigRecord, executedBy: string, startedAt: number): string {
  const automations = services.state.automations;
  const id = automations.nextExecutionId();
  const steps = config.steps.map((step) => {
    const block = stepBlock(step);
    return { taskType: block.taskType, taskConfigId: block.configId, taskId: '', status: 'WAITING' as const };
  });
  const record: ExecutionRecord = {
    id, configId: config.id, companyId: config.companyId, cloudVaultId: config.cloudVaultId, executedBy, startedAt, status: 'WAITING', updatedAt: startedAt, reads: 0, steps,
  };
  automations.executions.push(record);
  return id;
}

/** One poll of the execution: it moves one step on (see the file's comment); a final one stays. */
export function advanceExecution(services: Services, execution: ExecutionRecord): void {
  execution.reads++;
  if (execution.reads === 1) return;
  if (execution.status !== 'WAITING' && execution.status !== 'RUNNING') return;
  const config = services.state.automations.findConfig(execution.companyId, execution.configId);
  const now = Math.max(execution.startedAt, services.state.clock.now());
  execution.updatedAt = now;
  const running = execution.steps.findIndex((step) => step.status === 'RUNNING');
  if (running >= 0) {
    const step = execution.steps[running];
    const outcome = settle(step?.pending);
    // A data-supply step stays RUNNING until its execution has ended.
    if (outcome === undefined) return;
    if (step) {
      Object.assign(step, { status: outcome.status, taskId: outcome.taskId || step.taskId, updatedAt: now, pending: undefined }, outcome.error === undefined ? {} : { error: outcome.error });
      if (outcome.product !== undefined) step.product = outcome.product;
    }
    if (outcome.status === 'FAILED') {
      for (const later of execution.steps.slice(running + 1)) Object.assign(later, { status: 'CANCELED', updatedAt: now });
      execution.status = 'FAILED';
      return;
    }
  }
  const next = running + 1;
  const step = execution.steps[next];
  const work = config?.steps[next];
  if (step === undefined) {
    execution.status = 'COMPLETED';
    return;
  }
  const before = execution.steps[next - 1]?.product;
  const outcome: StepOutcome | PendingWork = config && work ? runStep(services, config, work, before, execution.id) : { taskId: '', status: 'FAILED', error: `automation config '${execution.configId}' no longer exists` };
  Object.assign(step, { status: 'RUNNING', taskId: outcome.taskId, pending: outcome, startedAt: now, updatedAt: now });
  execution.status = 'RUNNING';
}

/** A step's outcome once known: at once for activation steps, when its execution has ended for data-supply ones. */
function settle(pending: StepOutcome | PendingWork | undefined): (StepOutcome & { readonly product?: SupplyProduct }) | undefined {
  if (pending === undefined) return { taskId: '', status: 'FAILED', error: 'the step was lost' };
  return 'settle' in pending ? pending.settle() : pending;
}

/** A data-supply step started asynchronously, as pending work from the first poll on. */
function whenStarted(started: Promise<StepOutcome | PendingWork>): PendingWork {
  let known: StepOutcome | PendingWork | undefined;
  started.then(
    (value) => (known = value),
    (error: unknown) => (known = { taskId: '', status: 'FAILED', error: `the emulator failed unexpectedly: ${String(error)}` }),
  );
  return {
    get taskId() {
      return known?.taskId ?? '';
    },
    settle: () => (known === undefined ? undefined : settle(known)),
  };
}

function runStep(services: Services, config: AutomationConfigRecord, step: AutomationStep, before: SupplyProduct | undefined, executionId: string): StepOutcome | PendingWork {
  if (isSupplyStep(step)) return whenStarted(startSupplyStep(services, config, step, before, executionId));
  const asCreator = (params: Record<string, string>, body?: unknown): RouteContext => ({
    ...services,
    caller: config.creator,
    params,
    query: new URLSearchParams(),
    body,
  });
  try {
    if (step.activation_calculation) {
      const { collaboration_id = '', activation_segment_id = '' } = step.activation_calculation;
      const answer = calculateActivationSegmentRoute(asCreator({ collaboration_id, activation_segment_id })) as { query_id: string };
      return { taskId: answer.query_id, status: 'COMPLETED' };
    }
    if (step.activation) {
      const { collaboration_id = '', activation_segment_id = '', destination_id = '', push_config } = step.activation;
      const body = { destination_id, ...(push_config ? { push_config } : {}) };
      const answer = exportActivationSegmentRoute(asCreator({ collaboration_id, activation_segment_id }, body)) as { export_id: string };
      return { taskId: answer.export_id, status: 'COMPLETED' };
    }
    return { taskId: '', status: 'FAILED', error: 'the step has no block' };
  } catch (error) {
    if (error instanceof ReplyError) return { taskId: '', status: 'FAILED', error: error.message };
    throw error;
  }
}
