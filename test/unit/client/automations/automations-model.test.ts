import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AutomationsModel, describeRow, executionIsFinal, newestFirst, stepSubject, taskName, type AutomationClient, type AutomationRow } from '../../../../client/src/automations/automations-model';

const CONFIGS = [
  { id: 'AUT.2', name: 'Weekly', enabled: false, cron_timer: '0 6 * * 1', timezone_identifier: 'Europe/Paris', automation_steps: [{ activation_calculation: { collaboration_id: 'CLB.demo', activation_segment_id: 'ATS.1' } }] },
  { id: 'AUT.1', name: 'Daily', enabled: true, cron_timer: '0 2 * * *', timezone_identifier: 'UTC' },
];
const EXECUTIONS = [
  { id: 'EX.1', config_id: 'AUT.1', current_step_status: 'COMPLETED', started_date_time: '2026-01-01T02:00:00Z' },
  { id: 'EX.2', config_id: 'AUT.1', current_step_status: 'FAILED', current_automation_step: 'TASK_TYPE_ACTIVATION', started_date_time: '2026-01-02T02:00:00Z', error: { error: { message: 'no destination' } } },
  { id: 'EX.3', config_id: 'AUT.gone', current_step_status: 'RUNNING' },
];
const STEPS = {
  'EX.4': [
    { automation_execution_id: 'EX.4', task_type: 'TASK_TYPE_ACTIVATION_CALCULATION', current_task_status: 'COMPLETED', task_config_id: 'ATS.1', task_id: 'Q1' },
    { automation_execution_id: 'EX.4', task_type: 'TASK_TYPE_IMPORT', current_task_status: 'FAILED', task_config_id: 'IMP.9', error: { error: { message: 'no such import' } } },
  ],
  'EX.2': [
    { task_type: 'TASK_TYPE_ACTIVATION_CALCULATION', current_task_status: 'COMPLETED', task_config_id: 'ATS.1', started_date_time: '2026-01-02T02:00:00Z' },
    { task_type: 'TASK_TYPE_ACTIVATION', current_task_status: 'FAILED', task_config_id: 'ATS.1', error: { error: { message: 'unknown destination DST.x' } } },
  ],
};

function fakeClient(executions: readonly object[] = EXECUTIONS, calls: string[] = []): AutomationClient {
  const client = {
    listAll: async (operation: string) => {
      calls.push(operation);
      return { ok: true, value: operation === 'listAutomationConfigs' ? CONFIGS : executions };
    },
    call: async (operation: string, input: { params: { execution_id: keyof typeof STEPS } }) => {
      calls.push(operation);
      return { ok: true, value: { execution: executions.find((execution) => (execution as { id: string }).id === input.params.execution_id), execution_steps: STEPS[input.params.execution_id] ?? [] } };
    },
  };
  return client as unknown as AutomationClient;
}

describe('automations model', () => {
  test('configs by name with enabled, schedule and the last status; executions newest first; steps with status and error', async () => {
    const calls: string[] = [];
    const model = new AutomationsModel(async () => ({ ok: true, profile: 'demo', client: fakeClient(EXECUTIONS, calls) }));
    const roots = await model.children();
    assert.deepEqual(roots.map((row) => describeRow(row).label), ['Daily', 'Weekly']);
    assert.equal(describeRow(roots[0]!).description, 'enabled · 0 2 * * * UTC · last: FAILED');
    assert.equal(describeRow(roots[1]!).description, 'disabled · 0 6 * * 1 Europe/Paris');
    assert.match(describeRow(roots[1]!).tooltip, /Steps: activation_calculation/);
    const executions = await model.children(roots[0]);
    assert.deepEqual(executions.map((row) => (row.kind === 'execution' ? row.execution.id : row.kind)), ['EX.2', 'EX.1']);
    assert.match(describeRow(executions[0]!).tooltip, /Error: no destination/);
    const steps = await model.children(executions[0]);
    assert.deepEqual(steps.map((row) => [describeRow(row).label, describeRow(row).description]), [
      ['1. Activation calculation', 'COMPLETED · ATS.1'],
      ['2. Activation', 'FAILED · ATS.1 · unknown destination DST.x'],
    ]);
    assert.deepEqual((await model.children(roots[1])).map((row) => row.kind), ['message'], 'no execution yet says so');
    await model.children();
    await model.children(executions[0]);
    assert.deepEqual(calls, ['listAutomationConfigs', 'listAutomationExecutions', 'getAutomationExecution'], 'each list read once until a refresh');
    assert.equal(await model.hasRunning(), true, 'EX.3 runs (its config is not listed, but it is an execution the service runs)');
    model.refresh();
    await model.children();
    assert.equal(calls.length, 5);
  });

  test('nothing running once every execution is final; no profile or a refused list is one message row', async () => {
    const model = new AutomationsModel(async () => ({ ok: true, profile: 'demo', client: fakeClient(EXECUTIONS.slice(0, 2)) }));
    await model.children();
    assert.equal(await model.hasRunning(), false);
    const none = new AutomationsModel(async () => ({ ok: false, message: 'No profile yet.' }));
    const rows: AutomationRow[] = await none.children();
    assert.deepEqual(rows, [{ kind: 'message', text: 'No profile yet.' }]);
    const refused = new AutomationsModel(async () => ({ ok: true, profile: 'demo', client: { listAll: async () => ({ ok: false, error: { kind: 'server', message: 'down', serviceMessage: 'try later' } }), call: async () => ({ ok: false }) } as unknown as AutomationClient }));
    const [row] = await refused.children();
    assert.equal(row?.kind, 'message');
    assert.equal(describeRow(row!).tooltip, 'try later');
  });

  test('an execution is final when it and every step are; task names read as words; newest first by start', () => {
    assert.equal(executionIsFinal({ current_step_status: 'COMPLETED' }, [{ current_task_status: 'COMPLETED' }, { current_task_status: 'CANCELED' }]), true);
    assert.equal(executionIsFinal({ current_step_status: 'COMPLETED' }, [{ current_task_status: 'RUNNING' }]), false);
    assert.equal(executionIsFinal({ current_step_status: 'RUNNING' }, []), false);
    assert.equal(executionIsFinal(undefined, []), false);
    assert.equal(taskName('TASK_TYPE_RECORDSET'), 'Recordset');
    assert.equal(taskName(undefined), 'Invalid');
    assert.deepEqual(newestFirst([{ id: 'a', started_date_time: '2026-01-01' }, { id: 'b', started_date_time: '2026-02-01' }, { id: 'c' }]).map((execution) => execution.id), ['b', 'a', 'c']);
  });

  test('a step row opens its subject: the segment of a calculation (its collaboration from the config\'s block), else the step as a document', async () => {
    const executions = [...EXECUTIONS, { id: 'EX.4', config_id: 'AUT.2', current_step_status: 'FAILED', started_date_time: '2026-01-03T06:00:00Z' }];
    const model = new AutomationsModel(async () => ({ ok: true, profile: 'demo', client: fakeClient(executions) }));
    const weekly = (await model.children()).find((row) => row.kind === 'config' && row.config.id === 'AUT.2');
    const [execution] = await model.children(weekly);
    assert.equal(execution?.kind === 'execution' && execution.execution.id, 'EX.4');
    const steps = (await model.children(execution)).filter((row): row is Extract<AutomationRow, { kind: 'step' }> => row.kind === 'step');
    assert.equal(steps.length, 2);
    assert.deepEqual(stepSubject(steps[0]!), { kind: 'segment', collaborationId: 'CLB.demo', segmentId: 'ATS.1' });
    const supply = stepSubject(steps[1]!);
    assert.equal(supply.kind, 'document');
    assert.ok(supply.kind === 'document');
    assert.equal(supply.title, 'EX.4 step 2 Import IMP.9');
    assert.deepEqual(supply.value, STEPS['EX.4'][1], 'no block configured at that index: the step as read');
    const withBlock = stepSubject({ kind: 'step', profile: 'demo', index: 0, step: { task_type: 'TASK_TYPE_IMPORT', task_config_id: 'IMP.1' }, block: { import: { config_id: 'IMP.1' } } });
    assert.deepEqual(withBlock.kind === 'document' && withBlock.value, { task_type: 'TASK_TYPE_IMPORT', task_config_id: 'IMP.1', configured_step: { import: { config_id: 'IMP.1' } } });
  });
});
