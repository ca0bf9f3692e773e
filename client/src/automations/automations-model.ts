/**
 * What the Automations view shows, without 'vscode': the company's automation configs (name,
 * enabled or disabled, cron and zone, the last execution's status), each expanding to its
 * executions newest first, each expanding to its steps with status, times and error. Lists
 * are loaded once per refresh; a running execution asks for a refresh until it is final
 * (`hasRunning`). A step row carries its block as the config wrote it, so `stepSubject` can say
 * what the step is about. The tree provider (automations-tree.ts) only turns rows into items.
 */
import type { AutomationConfig, AutomationExecution, AutomationExecutionStep, AutomationStep } from '../../../common/api';
import type { ServiceResult } from '../../../common/service-result';
import type { ProfileService } from '../service/profile-service';
import { compareNames } from '../name-order';

export type AutomationRow =
  | { readonly kind: 'config'; readonly profile: string; readonly config: AutomationConfig & { readonly id: string }; readonly last?: AutomationExecution }
  | { readonly kind: 'execution'; readonly profile: string; readonly execution: AutomationExecution & { readonly id: string } }
  | { readonly kind: 'step'; readonly profile: string; readonly step: AutomationExecutionStep; readonly index: number; readonly block?: AutomationStep }
  | { readonly kind: 'message'; readonly text: string; readonly detail?: string };

export type AutomationClient = Pick<ProfileService, 'call' | 'listAll'>;
/** The profile the view follows and its service, or why there is none. */
export type AutomationScope = { readonly ok: true; readonly profile: string; readonly client: AutomationClient } | { readonly ok: false; readonly message: string };

/** Statuses after which nothing more happens to an execution or a step. */
const FINAL = new Set(['COMPLETED', 'FAILED', 'CANCELED', 'PARTIALLY_COMPLETED', 'STALE']);

export function isFinalStatus(status: string | undefined): boolean {
  return status !== undefined && FINAL.has(status);
}

/** True when the execution and every one of its steps is final. */
export function executionIsFinal(execution: AutomationExecution | undefined, steps: readonly AutomationExecutionStep[]): boolean {
  return isFinalStatus(execution?.current_step_status) && steps.every((step) => isFinalStatus(step.current_task_status));
}

/** `TASK_TYPE_ACTIVATION_CALCULATION` → `Activation calculation`. */
export function taskName(type: string | undefined): string {
  const words = (type ?? 'TASK_TYPE_INVALID').replace(/^TASK_TYPE_/, '').toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The message of a wire error (execution or step), if any. */
export function errorText(error: { readonly error?: { readonly message?: string }; readonly details?: { readonly message?: string } } | undefined): string | undefined {
  return error?.error?.message ?? error?.details?.message;
}

/** The text of a row: label, description and tooltip, service text as plain strings. */
export function describeRow(row: AutomationRow): { readonly label: string; readonly description: string; readonly tooltip: string } {
  switch (row.kind) {
    case 'message':
      return { label: row.text, description: '', tooltip: row.detail ?? row.text };
    case 'config': {
      const config = row.config;
      const schedule = `${config.cron_timer ?? '?'} ${config.timezone_identifier ?? 'UTC'}`;
      const state = config.enabled === true ? 'enabled' : 'disabled';
      const last = row.last?.current_step_status;
      return {
        label: config.name || config.id,
        description: [state, schedule, last && `last: ${last}`].filter(Boolean).join(' · '),
        tooltip: [
          config.name || config.id,
          `ID: ${config.id}`,
          `Schedule: ${schedule} (${state})`,
          config.start_date_time && `From: ${config.start_date_time}`,
          config.end_date_time && `Until: ${config.end_date_time}`,
          `Steps: ${(config.automation_steps ?? []).map((step) => Object.keys(step).join('+')).join(' → ') || 'none'}`,
          last && `Last execution: ${last}${row.last?.started_date_time ? ` (${row.last.started_date_time})` : ''}`,
          config.description && `\n${config.description.trim()}`,
          '\nClick to open it as a file.',
        ].filter(Boolean).join('\n'),
      };
    }
    case 'execution': {
      const execution = row.execution;
      const status = execution.current_step_status ?? 'NO_STATUS';
      const error = errorText(execution.error);
      return {
        label: execution.started_date_time ?? execution.id,
        description: `${status}${isFinalStatus(status) ? '' : ` · ${taskName(execution.current_automation_step)}`}`,
        tooltip: [`Execution ${execution.id}`, `Status: ${status}`, `Current step: ${taskName(execution.current_automation_step)}`, execution.started_date_time && `Started: ${execution.started_date_time}`, execution.last_updated_date_time && `Updated: ${execution.last_updated_date_time}`, execution.executed_by && `By: ${execution.executed_by}`, error && `\nError: ${error}`].filter(Boolean).join('\n'),
      };
    }
    case 'step': {
      const step = row.step;
      const status = step.current_task_status ?? 'NO_STATUS';
      const error = errorText(step.error);
      return {
        label: `${row.index + 1}. ${taskName(step.task_type)}`,
        description: [status, step.task_config_id, error].filter(Boolean).join(' · '),
        tooltip: [`${taskName(step.task_type)}: ${status}`, step.task_config_id && `Subject: ${step.task_config_id}`, step.task_id && `Task: ${step.task_id}`, step.started_date_time && `Started: ${step.started_date_time}`, step.updated_date_time && `Updated: ${step.updated_date_time}`, error && `\nError: ${error}`].filter(Boolean).join('\n'),
      };
    }
  }
}

/** What a step is about: the segment of an activation or calculation step, else the step itself as a read-only document. */
export type StepSubject =
  | { readonly kind: 'segment'; readonly collaborationId: string; readonly segmentId: string }
  | { readonly kind: 'document'; readonly title: string; readonly value: unknown };

/**
 * The subject a step row opens. Activation and activation calculation steps name a segment (the
 * block of the config gives its collaboration); the data-supply steps name a config the editor
 * has no view of, so the step is shown as it is: its type, config id, task, status, error and
 * the block as the automation wrote it.
 */
export function stepSubject(row: Extract<AutomationRow, { kind: 'step' }>): StepSubject {
  const segment = row.block?.activation_calculation ?? row.block?.activation;
  if (segment?.collaboration_id && segment.activation_segment_id) {
    return { kind: 'segment', collaborationId: segment.collaboration_id, segmentId: segment.activation_segment_id };
  }
  const step = row.step;
  return {
    kind: 'document',
    title: `${step.automation_execution_id ?? 'execution'} step ${row.index + 1} ${taskName(step.task_type)} ${step.task_config_id ?? ''}`.trim(),
    value: { ...step, ...(row.block ? { configured_step: row.block } : {}) },
  };
}

/** Newest first by start time, the id breaking ties. */
export function newestFirst<T extends { readonly started_date_time?: string; readonly id?: string }>(executions: readonly T[]): T[] {
  return [...executions].sort((a, b) => (b.started_date_time ?? '').localeCompare(a.started_date_time ?? '') || (b.id ?? '').localeCompare(a.id ?? ''));
}


interface Loaded {
  readonly scope: AutomationScope;
  readonly configs: AutomationRow[];
  readonly executions: ReadonlyMap<string, readonly (AutomationExecution & { readonly id: string })[]>;
}

export class AutomationsModel {
  private loaded: Promise<Loaded> | undefined;
  private readonly steps = new Map<string, Promise<AutomationRow[]>>();
  private controller = new AbortController();

  constructor(private readonly resolve: () => Promise<AutomationScope>) {}

  /** Forgets what was loaded; the next read asks the service again. */
  refresh(): void {
    this.controller.abort();
    this.controller = new AbortController();
    this.loaded = undefined;
    this.steps.clear();
  }

  async children(row?: AutomationRow): Promise<AutomationRow[]> {
    const loaded = await (this.loaded ??= this.load(this.controller.signal));
    if (row === undefined) return loaded.configs;
    if (row.kind === 'config') {
      const executions = loaded.executions.get(row.config.id) ?? [];
      if (executions.length === 0) return [{ kind: 'message', text: 'No execution yet: "Execute Now" on its file runs it.' }];
      return executions.map((execution) => ({ kind: 'execution', profile: row.profile, execution }));
    }
    if (row.kind === 'execution') {
      const key = row.execution.id;
      let steps = this.steps.get(key);
      if (steps === undefined) {
        const config = loaded.configs.find((candidate) => candidate.kind === 'config' && candidate.config.id === row.execution.config_id);
        steps = this.loadSteps(loaded.scope, row, config?.kind === 'config' ? config.config.automation_steps ?? [] : [], this.controller.signal);
        this.steps.set(key, steps);
      }
      return steps;
    }
    return [];
  }

  /** True when an execution listed (or its steps read) is not final yet: the view refreshes itself. */
  async hasRunning(): Promise<boolean> {
    if (this.loaded === undefined) return false;
    const loaded = await this.loaded;
    for (const executions of loaded.executions.values()) if (executions.some((execution) => !isFinalStatus(execution.current_step_status))) return true;
    for (const steps of this.steps.values()) if ((await steps).some((row) => row.kind === 'step' && !isFinalStatus(row.step.current_task_status))) return true;
    return false;
  }

  private async load(signal: AbortSignal): Promise<Loaded> {
    const scope = await this.resolve();
    const empty = new Map<string, never[]>();
    if (!scope.ok) return { scope, configs: [{ kind: 'message', text: scope.message }], executions: empty };
    // The wire lists are optional fields, so PagedItem cannot name their items: they are these.
    const [configs, executions] = (await Promise.all([scope.client.listAll('listAutomationConfigs', {}, { signal }), scope.client.listAll('listAutomationExecutions', {}, { signal })])) as [
      ServiceResult<AutomationConfig[]>,
      ServiceResult<AutomationExecution[]>,
    ];
    if (!configs.ok) return { scope, configs: [{ kind: 'message', text: 'The automations could not be listed.', detail: configs.error.serviceMessage ?? configs.error.message }], executions: empty };
    const byConfig = new Map<string, (AutomationExecution & { id: string })[]>();
    for (const execution of executions.ok ? executions.value : []) {
      if (execution.id === undefined || execution.config_id === undefined) continue;
      const list = byConfig.get(execution.config_id) ?? [];
      list.push({ ...execution, id: execution.id });
      byConfig.set(execution.config_id, list);
    }
    for (const [id, list] of byConfig) byConfig.set(id, newestFirst(list));
    const rows: AutomationRow[] = configs.value
      .filter((config): config is AutomationConfig & { id: string } => config.id !== undefined)
      .sort((a, b) => compareNames(a.name || a.id, b.name || b.id))
      .map((config) => {
        const last = byConfig.get(config.id)?.[0];
        return { kind: 'config', profile: scope.profile, config, ...(last ? { last } : {}) };
      });
    if (rows.length === 0) rows.push({ kind: 'message', text: 'No automation yet: use "New Automation…" above.' });
    return { scope, configs: rows, executions: byConfig };
  }

  private async loadSteps(scope: AutomationScope, row: Extract<AutomationRow, { kind: 'execution' }>, blocks: readonly AutomationStep[], signal: AbortSignal): Promise<AutomationRow[]> {
    if (!scope.ok) return [];
    const answer = await scope.client.call('getAutomationExecution', { params: { execution_id: row.execution.id } }, { signal });
    if (!answer.ok) return [{ kind: 'message', text: 'The steps could not be read.', detail: answer.error.serviceMessage ?? answer.error.message }];
    const steps = answer.value.execution_steps ?? [];
    if (steps.length === 0) return [{ kind: 'message', text: 'This execution has no step.' }];
    return steps.map((step, index) => ({ kind: 'step', profile: row.profile, step, index, ...(blocks[index] ? { block: blocks[index] } : {}) }));
  }
}
