/**
 * One execution of an automation config: its steps in order, each as the matching API
 * operation would do it for the config's creator, so a step does real work against the
 * emulator's state and is refused for the same reasons. Activation calculation is Calculate
 * Activation Segment; activation is Export Activation Segment Results. The data-supply steps
 * (import, normalization, recordset creation, publish) name configs of Document 3, which the
 * emulator does not keep yet: such a step fails, naming its config. The first failed step
 * stops the execution; the steps after it are CANCELED.
 */
import type { AutomationStep } from '../../../common/api';
import { ReplyError } from '../http/reply-error';
import type { RouteContext } from '../http/route-context';
import { calculateActivationSegmentRoute, exportActivationSegmentRoute } from '../http/routes/v2-segment-routes';
import type { AutomationConfigRecord, ExecutionRecord, ExecutionStepRecord } from '../state/automations';

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

/** Runs the config's steps now and records the execution; answers its ID. */
export function runExecution(services: Services, config: AutomationConfigRecord, executedBy: string, startedAt: number): string {
  const automations = services.state.automations;
  const id = automations.nextExecutionId();
  const steps: ExecutionStepRecord[] = [];
  let failed = false;
  for (const step of config.steps) {
    const block = stepBlock(step);
    if (failed) {
      steps.push({ taskType: block.taskType, taskConfigId: block.configId, taskId: '', status: 'CANCELED' });
      continue;
    }
    const outcome = runStep(services, config, step);
    steps.push({ taskType: block.taskType, taskConfigId: block.configId, ...outcome });
    failed = outcome.status === 'FAILED';
  }
  const record: ExecutionRecord = { id, configId: config.id, companyId: config.companyId, cloudVaultId: config.cloudVaultId, executedBy, startedAt, steps };
  automations.executions.push(record);
  return id;
}

function runStep(services: Services, config: AutomationConfigRecord, step: AutomationStep): Pick<ExecutionStepRecord, 'taskId' | 'status' | 'error'> {
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
