/**
 * `iql automation <verb>`: automation configs and their executions (Document 2 §4.3) for
 * scripts — save a `*.iqlauto.json` file (the Create request's fields; created when it has no
 * `id`, `--write-id` keeps the new one; else its updatable fields replace the service's, steps
 * staying as created), execute one now and follow the execution step by step, list the
 * executions, read, list and delete configs. A config is named by its ID or a file holding it.
 */
import type { AutomationConfig, AutomationExecution, AutomationExecutionStep, AutomationStep, GetAutomationExecutionResponse } from '../../../common/api';
import { CreateAutomationConfigRequestSchema, UpdateAutomationConfigRequestSchema } from '../../../common/api';
import { collectAllPages, type ServiceResult } from '../../../service/src';
import { ExitCode, type CliIo } from '../io';
import { pollUntilFinal } from './poll-service';
import { errorMessage } from './segment-read';
import { idFromArgument, readServiceFile, SERVICE_FILE_OPTIONS, writeIdToFile, type ServiceFileKind } from './service-file';
import { formatTextTable } from './text-table';
import { argument, callOptions, deleteWithYes, formatOf, printAnswer, progressOf, readableStatus, runVerbCommand, show, type Verb, type VerbContextOf } from './verb-command';

export const AUTOMATION_USAGE = `usage: iql automation <verb> [options]
  save FILE [--write-id] [--format text|json]    creates the automation a *.iqlauto.json file describes
                                                 (name, cron_timer, timezone_identifier, steps or
                                                 automation_steps, …) and prints its ID (--write-id
                                                 writes it into FILE); a FILE with an "id" updates it
                                                 (steps stay as created)
  execute AUTOMATION|FILE [--wait]               runs it now, whatever its schedule; prints the execution's
                                                 ID, --wait follows it to its end, step by step
  executions [AUTOMATION|FILE] [--format text|json]   executions, newest first (of one automation)
  get AUTOMATION|FILE [--format text|json]       one automation: schedule, steps, last execution
  list [--format text|json]                      your company's automations
  delete AUTOMATION|FILE --yes                   deletes it and its executions`;

const AUTOMATION_OPTIONS = SERVICE_FILE_OPTIONS;

type AutomationContext = VerbContextOf<typeof AUTOMATION_OPTIONS>;

const AUTOMATION_FILE: ServiceFileKind = {
  noun: 'automation',
  schema: CreateAutomationConfigRequestSchema,
  required: [
    { path: ['name'], kind: 'string', example: '"name": "Nightly export" (letters, digits, _, - and spaces)' },
    { path: ['cron_timer'], kind: 'string', example: '"cron_timer": "0 2 * * *" (minute hour day-of-month month day-of-week)' },
  ],
  // The editor's files name the steps as the service answers them.
  renamed: { automation_steps: 'steps' },
};

/** The fields an update may change (steps and cloud_vault_id are set at creation). */
const UPDATABLE = Object.keys(UpdateAutomationConfigRequestSchema.shape);

/** The statuses after which an execution changes no more. */
const FINAL = new Set(['COMPLETED', 'FAILED', 'CANCELED', 'PARTIALLY_COMPLETED']);

async function automationOf(context: AutomationContext, given = argument(context, 0, "the automation's ID or its *.iqlauto.json file", 'ATM.1')): Promise<string> {
  return idFromArgument(given, `save the automation first with 'iql automation save ${given} --write-id'`);
}

const VERBS: Readonly<Record<string, Verb<AutomationContext['options']>>> = {
  save: async (context) => {
    const format = formatOf(context.options.format, ['text', 'json']);
    const file = await readServiceFile(argument(context, 0, 'a *.iqlauto.json file', 'nightly.iqlauto.json'), AUTOMATION_FILE);
    if (file.id !== undefined) {
      const body = Object.fromEntries(Object.entries(file.body).filter(([field]) => UPDATABLE.includes(field)));
      const updated = await context.client.call('updateAutomationConfig', { params: { config_id: file.id }, body }, callOptions(context.io));
      return printAnswer(context, updated, format, () => [`Updated ${file.id}.`]);
    }
    const created = await context.client.call('createAutomationConfig', { body: file.body }, callOptions(context.io));
    const id = created.ok ? created.value.config?.id : undefined;
    if (id && context.options['write-id'] === true) await writeIdToFile(file, id);
    return printAnswer(context, created, format, () => [id ?? '']);
  },
  execute: async (context) => {
    const format = formatOf(context.options.format, ['text', 'json']);
    const id = await automationOf(context);
    const started = await context.client.call('executeAutomationConfig', { params: { config_id: id } }, callOptions(context.io));
    const executionId = started.ok ? started.value.execution_id : undefined;
    if (context.options.wait !== true || executionId === undefined) return printAnswer(context, started, format, () => [executionId ?? '']);
    const say = progressOf(context, id);
    say(`execution ${executionId} started`);
    const final = await pollUntilFinal({
      read: async (options) => context.client.call('getAutomationExecution', { params: { execution_id: executionId } }, options),
      done: (value) => FINAL.has(value.execution?.current_step_status ?? ''),
      say: (value, attempt) => say(`${readableStatus(value.execution?.current_step_status)} at ${taskName(value.execution?.current_automation_step)}, ${attempt}`),
      operation: 'Get Execution',
      ...callOptions(context.io),
    });
    const code = printAnswer(context, final, format, describeExecution);
    if (code !== ExitCode.ok || !final.ok || final.value.execution?.current_step_status === 'COMPLETED') return code;
    context.io.stderr.write(`iql ${context.command}: the execution did not complete: ${errorMessage(final.value.execution?.error) ?? readableStatus(final.value.execution?.current_step_status)}\n`);
    return ExitCode.findings;
  },
  executions: async (context) => {
    const format = formatOf(context.options.format, ['text', 'json']);
    const given = context.args[0];
    const configId = given === undefined ? undefined : await automationOf(context, given);
    const listed = (await collectAllPages(context.client, 'listAutomationExecutions', {}, callOptions(context.io))) as ServiceResult<AutomationExecution[]>;
    const newestFirst = listed.ok
      ? { ok: true as const, value: listed.value.filter((item) => configId === undefined || item.config_id === configId).sort((a, b) => (b.started_date_time ?? '').localeCompare(a.started_date_time ?? '')) }
      : listed;
    return printAnswer(context, newestFirst, format, (items) =>
      items.length === 0
        ? [configId === undefined ? 'No execution yet.' : `No execution of ${configId} yet.`]
        : formatTextTable(
            ['Execution', 'Automation', 'Status', 'Step', 'Started', 'Error'],
            items.map((item) => [item.id ?? '', item.config_id ?? '', readableStatus(item.current_step_status), taskName(item.current_automation_step), item.started_date_time ?? '', errorMessage(item.error) ?? '']),
          ),
    );
  },
  get: async (context) => {
    const id = await automationOf(context);
    return show(context, (call) => context.client.call('getAutomationConfig', { params: { config_id: id } }, call), (value) => [
      ...(value.config ? describeConfig(value.config) : []),
      `Last execution: ${value.last_execution_id ?? 'none'}`,
    ]);
  },
  list: async (context) => {
    const format = formatOf(context.options.format, ['text', 'json']);
    const listed = (await collectAllPages(context.client, 'listAutomationConfigs', {}, callOptions(context.io))) as ServiceResult<AutomationConfig[]>;
    return printAnswer(context, listed, format, (configs) =>
      configs.length === 0
        ? ['Your company has no automation.']
        : formatTextTable(
            ['ID', 'Name', 'Enabled', 'Schedule', 'Zone', 'Steps', 'Updated'],
            configs.map((config) => [config.id ?? '', config.name ?? '', config.enabled === true ? 'yes' : 'no', config.cron_timer ?? '', config.timezone_identifier ?? '', String(config.automation_steps?.length ?? 0), config.updated_date_time ?? '']),
            [false, false, false, false, false, true, false],
          ),
    );
  },
  delete: async (context) => {
    const id = await automationOf(context, argument(context, 0, "the automation's ID", 'ATM.1 --yes'));
    return deleteWithYes(context, id, 'deletes the automation and all its executions', (call) => context.client.call('deleteAutomationConfig', { params: { config_id: id } }, call));
  },
};

/** `TASK_TYPE_ACTIVATION_CALCULATION` → `activation calculation`. */
function taskName(type: string | undefined): string {
  return (type ?? 'unknown').replace(/^TASK_TYPE_/, '').toLowerCase().replace(/_/g, ' ');
}

/** `activation_calculation: collaboration_id CLB.demo, activation_segment_id ATS.demo1` for a config's step. */
function describeStep(step: AutomationStep): string {
  return Object.entries(step)
    .filter(([, block]) => block !== undefined)
    .map(([name, block]) => `${name}: ${Object.entries(block as Record<string, unknown>).map(([field, value]) => `${field} ${String(value)}`).join(', ')}`)
    .join('; ');
}

function describeConfig(config: AutomationConfig): string[] {
  return [
    `${config.id ?? ''}  ${config.name ?? ''}  (${config.enabled === true ? 'enabled' : 'disabled'})`,
    ...(config.description ? [config.description] : []),
    `Schedule: ${config.cron_timer ?? ''} in ${config.timezone_identifier ?? 'UTC'}${config.start_date_time ? `, from ${config.start_date_time}` : ''}${config.end_date_time ? `, until ${config.end_date_time}` : ''}`,
    ...(config.automation_steps ?? []).map((step, index) => `Step ${index + 1}: ${describeStep(step)}`),
    ...(config.updated_date_time ? [`Updated: ${config.updated_date_time}`] : []),
  ];
}

function describeExecution(value: GetAutomationExecutionResponse): string[] {
  const execution = value.execution;
  const steps: readonly AutomationExecutionStep[] = value.execution_steps ?? [];
  return [
    `${execution?.id ?? ''}: ${readableStatus(execution?.current_step_status)}${execution?.started_date_time ? ` (started ${execution.started_date_time})` : ''}`,
    ...formatTextTable(
      ['Step', 'Status', 'Subject', 'Task', 'Error'],
      steps.map((step) => [taskName(step.task_type), readableStatus(step.current_task_status), step.task_config_id ?? '', step.task_id ?? '', errorMessage(step.error) ?? '']),
    ),
  ];
}

export async function runAutomationCommand(args: readonly string[], io: CliIo): Promise<number> {
  return runVerbCommand({ name: 'automation', usage: AUTOMATION_USAGE, options: AUTOMATION_OPTIONS, verbs: VERBS }, args, io);
}
