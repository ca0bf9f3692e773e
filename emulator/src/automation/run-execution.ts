/**
 * One execution of an automation config: its steps in order, each as the matching API
 * operation would do it for the config's creator, so a step does real work against the
 * emulator's state and is refused for the same reasons. Activation calculation is Calculate
 * Activation Segment; activation is Export Activation Segment Results. The data-supply steps
 * (import, normalization, recordset creation, publish) name configs of Document 3, which the
 * emulator does not keep yet: such a step fails, naming its config. The first failed step
 * stops the execution; the steps after it are CANCELED.
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
import type { AutomationConfigRecord, ExecutionRecord, StepOutcome } from '../state/automations';

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
    const outcome = step?.pending ?? { taskId: '', status: 'FAILED' as const, error: 'the step was lost' };
    if (step) Object.assign(step, { status: outcome.status, updatedAt: now, pending: undefined }, outcome.error === undefined ? {} : { error: outcome.error });
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
  const outcome: StepOutcome = config && work ? runStep(services, config, work) : { taskId: '', status: 'FAILED', error: `automation config '${execution.configId}' no longer exists` };
  Object.assign(step, { status: 'RUNNING', taskId: outcome.taskId, pending: outcome, startedAt: now, updatedAt: now });
  execution.status = 'RUNNING';
}

function runStep(services: Services, config: AutomationConfigRecord, step: AutomationStep): StepOutcome {
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
    const block = stepBlock(step);
    return {
      taskId: '',
      status: 'FAILED',
      error: `${block.name} config '${block.configId}' does not exist: the emulator keeps no data-supply configs (import, normalization, recordset creation, publish) yet`,
    };
  } catch (error) {
    if (error instanceof ReplyError) return { taskId: '', status: 'FAILED', error: error.message };
    throw error;
  }
}
