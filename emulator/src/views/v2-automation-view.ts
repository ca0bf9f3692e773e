/**
 * Automation configs and executions as API 2.0 shows them (seed 001 §2.7). An execution moves
 * one step per poll (automation/run-execution.ts): its `current_automation_step` is the step
 * running (the first while WAITING), the failed one, or the last once COMPLETED; a FAILED
 * execution carries that step's reason as its `error`.
 */
import { wireInstant } from '../state/emulator-clock';
import type { AutomationConfigRecord, ExecutionRecord } from '../state/automations';
import { errorInfo } from './v2-segment-view';

export function toAutomationConfig(config: AutomationConfigRecord): Record<string, unknown> {
  return {
    automation_steps: config.steps,
    cloud_vault_id: config.cloudVaultId,
    created_by: config.creator.user.id,
    created_date_time: wireInstant(config.createdAt),
    cron_timer: config.cronTimer,
    description: config.description,
    enabled: config.enabled,
    ...(config.endDateTime === undefined ? {} : { end_date_time: config.endDateTime }),
    id: config.id,
    name: config.name,
    ...(config.startDateTime === undefined ? {} : { start_date_time: config.startDateTime }),
    timezone_identifier: config.timeZone,
    updated_date_time: wireInstant(config.updatedAt),
  };
}

export function toExecution(execution: ExecutionRecord): Record<string, unknown> {
  const failed = execution.steps.find((step) => step.status === 'FAILED');
  const current = failed ?? execution.steps.find((step) => step.status === 'RUNNING')
    ?? (execution.status === 'WAITING' ? execution.steps[0] : execution.steps[execution.steps.length - 1]);
  return {
    cloud_vault_id: execution.cloudVaultId,
    config_id: execution.configId,
    current_automation_step: current?.taskType ?? 'TASK_TYPE_INVALID',
    current_step_status: execution.status,
    ...(failed?.error === undefined ? {} : { error: errorInfo(failed.error) }),
    executed_by: execution.executedBy,
    id: execution.id,
    last_updated_date_time: wireInstant(execution.updatedAt),
    started_date_time: wireInstant(execution.startedAt),
  };
}

export function toExecutionSteps(execution: ExecutionRecord): Record<string, unknown>[] {
  return execution.steps.map((step) => ({
    automation_execution_id: execution.id,
    current_task_status: step.status,
    ...(step.error === undefined ? {} : { error: errorInfo(step.error) }),
    ...(step.startedAt === undefined ? {} : { started_date_time: wireInstant(step.startedAt) }),
    task_config_id: step.taskConfigId,
    task_id: step.taskId,
    task_type: step.taskType,
    ...(step.updatedAt === undefined ? {} : { updated_date_time: wireInstant(step.updatedAt) }),
  }));
}
