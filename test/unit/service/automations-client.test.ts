/**
 * Automation configs and executions (Document 2 §4.3) through the real service client against
 * the emulator, on the tiny folder with a clock the test drives: create, list (newest update
 * first), get (with the last execution), update (steps are not updatable), delete (with its
 * executions), execute (whatever the schedule), the steps doing their work (a segment
 * calculated and exported) or failing with the reason, and the schedule fired across the
 * daylight-saving changes of Europe/London: none before the start, none after the end, none
 * while disabled. Executions move one step per poll (Get Execution, List Executions), as the
 * service's do: the tests poll until they are final.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CreateAutomationConfigRequest } from '../../../common/api';
import { ManualClock } from '../../../emulator/src/state/emulator-clock';
import type { ServiceClient } from '../../../service/src';
import { startTestServer } from '../emulator/test-server';
import type { TestServer } from '../emulator/test-server';
import { expectError, expectOk } from './demo-emulator';
import { createTestClient } from './test-client';
import type { TestClient } from './test-client';

const CALCULATE = { activation_calculation: { collaboration_id: 'CLB.t', activation_segment_id: 'ATS.t1' } };
const EXPORT = { activation: { collaboration_id: 'CLB.t', activation_segment_id: 'ATS.t1', destination_id: 'DST.a' } };

describe('automation configs and executions: service client against the emulator', () => {
  const clock = new ManualClock('2025-03-27T00:00:00Z');
  let server: TestServer;
  let ann: ServiceClient, bo: ServiceClient, stranger: ServiceClient;
  const clients: TestClient[] = [];
  const client = (key: string): ServiceClient => {
    const made = createTestClient(server.base, {}, key);
    clients.push(made);
    return made.client;
  };
  const create = async (body: CreateAutomationConfigRequest, who = ann) => expectOk(await who.call('createAutomationConfig', { body })).config?.id ?? '';
  const executionsOf = async (configId: string) =>
    (expectOk(await ann.call('listAutomationExecutions', { query: { 'pagination.per_page': 500 } })).executions ?? []).filter((execution) => execution.config_id === configId);
  const FINAL = ['COMPLETED', 'FAILED', 'CANCELED'];
  /** Reads the execution until it is final; answers every read's execution status and the last read. */
  const followExecution = async (executionId: string) => {
    const statuses: string[] = [];
    for (let read = 0; read < 20; read++) {
      const value = expectOk(await ann.call('getAutomationExecution', { params: { execution_id: executionId } }));
      statuses.push(`${value.execution?.current_step_status}:${(value.execution_steps ?? []).map((step) => step.current_task_status).join(',')}`);
      if (FINAL.includes(value.execution?.current_step_status ?? '')) return { statuses, last: value };
    }
    throw new Error(`execution ${executionId} never became final: ${statuses.join(' ')}`);
  };

  before(async () => {
    server = await startTestServer({ clock });
    ann = client('key-a');
    bo = client('key-b');
    stranger = client('no-such-key');
  });
  after(async () => {
    for (const made of clients) await made.close();
    await server.close();
  });

  it('fires an enabled schedule in its time zone across the spring change: exactly the due days, none before start or after end, none when disabled', async () => {
    const schedule = {
      cron_timer: '0 9 * * *', timezone_identifier: 'Europe/London',
      start_date_time: '2025-03-28T12:00:00Z', end_date_time: '2025-04-01T08:30:00+01:00', steps: [CALCULATE],
    };
    const enabled = await create({ name: 'Daily nine', enabled: true, ...schedule });
    const disabled = await create({ name: 'Paused nine', enabled: false, ...schedule });
    clock.set('2025-03-28T11:59:00Z');
    assert.deepEqual(await executionsOf(enabled), [], 'nothing before the start (09:00 on the 28th is before it)');
    clock.set('2025-04-05T00:00:00Z');
    // Three lists: WAITING, the one step RUNNING, COMPLETED.
    assert.ok((await executionsOf(enabled)).every((execution) => execution.current_step_status === 'WAITING'));
    assert.ok((await executionsOf(enabled)).every((execution) => execution.current_step_status === 'RUNNING'));
    const fired = await executionsOf(enabled);
    // 09:00 in London: GMT (09:00Z) until the 30th, BST (08:00Z) from then; the 1st's is after the end (07:30Z).
    assert.deepEqual(fired.map((execution) => execution.started_date_time).sort(), ['2025-03-29T09:00:00Z', '2025-03-30T08:00:00Z', '2025-03-31T08:00:00Z']);
    assert.ok(fired.every((execution) => execution.current_step_status === 'COMPLETED' && execution.executed_by === 'USR.a'));
    assert.deepEqual(await executionsOf(disabled), []);
    clock.set('2025-04-10T00:00:00Z');
    assert.equal((await executionsOf(enabled)).length, 3, 'nothing after the end');
  });

  it('fires the repeated hour of the autumn change once, and resumes without catching up paused time', async () => {
    clock.set('2025-10-25T00:00:00Z');
    const id = await create({ name: 'Half past one', enabled: true, cron_timer: '30 1 * * *', timezone_identifier: 'Europe/London', end_date_time: '2025-10-27T12:00:00Z' });
    clock.set('2025-10-28T00:00:00Z');
    assert.deepEqual((await executionsOf(id)).map((execution) => execution.started_date_time).sort(), ['2025-10-25T00:30:00Z', '2025-10-26T00:30:00Z', '2025-10-27T01:30:00Z']);
    const paused = await create({ name: 'Hourly', enabled: true, cron_timer: '0 * * * *', timezone_identifier: 'UTC' });
    expectOk(await ann.call('updateAutomationConfig', { params: { config_id: paused }, body: { enabled: false } }));
    clock.set('2025-10-28T05:30:00Z');
    expectOk(await ann.call('updateAutomationConfig', { params: { config_id: paused }, body: { enabled: true } }));
    clock.set('2025-10-28T07:10:00Z');
    assert.deepEqual((await executionsOf(paused)).map((execution) => execution.started_date_time).sort(), ['2025-10-28T06:00:00Z', '2025-10-28T07:00:00Z']);
  });

  it('creates, lists newest update first, gets with the last execution, updates all but the steps, and deletes with its executions', async () => {
    const id = await create({ name: 'Nightly export-1', description: 'calc then export', cloud_vault_id: 'CV.1', cron_timer: '0 2 * * *', timezone_identifier: 'America/New_York', steps: [CALCULATE, EXPORT] });
    clock.advance(60_000);
    const other = await create({ name: 'Second one', cron_timer: '0 3 * * *', timezone_identifier: 'UTC' });
    clock.advance(60_000);
    const updated = expectOk(await ann.call('updateAutomationConfig', { params: { config_id: id }, body: { name: 'Nightly export 2', cron_timer: '15 2 * * 1-5' } })).config;
    assert.equal(updated?.name, 'Nightly export 2');
    assert.equal(updated?.cron_timer, '15 2 * * 1-5');
    assert.equal(updated?.description, 'calc then export', 'fields not given are unchanged');
    assert.equal(updated?.automation_steps?.length, 2);
    const listed = expectOk(await ann.call('listAutomationConfigs', {})).configs?.map((config) => config.id) ?? [];
    assert.ok(listed.indexOf(id) < listed.indexOf(other), `the updated one first: ${listed.join(', ')}`);
    const ascending = expectOk(await ann.call('listAutomationConfigs', { query: { order_by: 'updated_date_time ASC' } })).configs?.map((config) => config.id) ?? [];
    assert.ok(ascending.indexOf(other) < ascending.indexOf(id));
    assert.equal(expectOk(await ann.call('getAutomationConfig', { params: { config_id: id } })).last_execution_id, undefined);

    const executionId = expectOk(await ann.call('executeAutomationConfig', { params: { config_id: id } })).execution_id ?? '';
    assert.equal(expectOk(await ann.call('getAutomationConfig', { params: { config_id: id } })).last_execution_id, executionId);
    const { statuses, last: run } = await followExecution(executionId);
    assert.deepEqual(statuses, [
      'WAITING:WAITING,WAITING', 'RUNNING:RUNNING,WAITING', 'RUNNING:COMPLETED,RUNNING', 'COMPLETED:COMPLETED,COMPLETED',
    ], 'one step moves per poll');
    assert.equal(run.execution?.current_step_status, 'COMPLETED');
    assert.equal(run.execution?.current_automation_step, 'TASK_TYPE_ACTIVATION');
    assert.deepEqual(run.execution_steps?.map((step) => [step.task_type, step.current_task_status, step.task_config_id]), [
      ['TASK_TYPE_ACTIVATION_CALCULATION', 'COMPLETED', 'ATS.t1'],
      ['TASK_TYPE_ACTIVATION', 'COMPLETED', 'ATS.t1'],
    ]);
    // The steps did the work: the calculation is a query, the export is the segment's.
    const [calculation, delivery] = run.execution_steps ?? [];
    assert.ok(calculation?.task_id?.startsWith('Q'));
    const exported = expectOk(await ann.call('getActivationSegmentExport', { params: { collaboration_id: 'CLB.t', activation_segment_id: 'ATS.t1', export_id: delivery?.task_id ?? '' } }));
    assert.equal(exported.export_details?.destination_id, 'DST.a');

    expectOk(await ann.call('deleteAutomationConfig', { params: { config_id: id } }));
    expectError(await ann.call('getAutomationConfig', { params: { config_id: id } }), 'not-found');
    expectError(await ann.call('getAutomationExecution', { params: { execution_id: executionId } }), 'not-found');
    assert.deepEqual(await executionsOf(id), []);
  });

  it('stops an execution at a step that fails, with the reason, and cancels the rest', async () => {
    const id = await create({ name: 'Supply chain', cron_timer: '0 4 * * *', steps: [{ import: { config_id: 'IMP.none' } }, CALCULATE] });
    const executionId = expectOk(await ann.call('executeAutomationConfig', { params: { config_id: id } })).execution_id ?? '';
    const { statuses, last: run } = await followExecution(executionId);
    assert.deepEqual(statuses, ['WAITING:WAITING,WAITING', 'RUNNING:RUNNING,WAITING', 'FAILED:FAILED,CANCELED']);
    assert.equal(run.execution?.current_automation_step, 'TASK_TYPE_IMPORT');
    assert.match(run.execution?.error?.error?.message ?? '', /unknown importer 'IMP\.none'/);
    assert.deepEqual(run.execution_steps?.map((step) => step.current_task_status), ['FAILED', 'CANCELED']);
    const refused = await create({ name: 'Not mine', cron_timer: '0 4 * * *', steps: [{ activation_calculation: { collaboration_id: 'CLB.u', activation_segment_id: 'ATS.none' } }] });
    const refusedRun = (await followExecution(expectOk(await ann.call('executeAutomationConfig', { params: { config_id: refused } })).execution_id ?? '')).last;
    assert.match(refusedRun.execution_steps?.[0]?.error?.error?.message ?? '', /unknown activation segment 'ATS\.none'/);
  });

  it('hides a company\'s configs and executions from others: 404 like a missing ID', async () => {
    const id = await create({ name: 'Private', cron_timer: '0 5 * * *' });
    const executionId = expectOk(await ann.call('executeAutomationConfig', { params: { config_id: id } })).execution_id ?? '';
    assert.ok(!(expectOk(await bo.call('listAutomationConfigs', {})).configs ?? []).some((config) => config.id === id));
    assert.deepEqual(expectOk(await bo.call('listAutomationExecutions', {})).executions ?? [], []);
    for (const configId of [id, 'ATM.none']) {
      const errors = [
        expectError(await bo.call('getAutomationConfig', { params: { config_id: configId } }), 'not-found'),
        expectError(await bo.call('updateAutomationConfig', { params: { config_id: configId }, body: { enabled: true } }), 'not-found'),
        expectError(await bo.call('executeAutomationConfig', { params: { config_id: configId } }), 'not-found'),
        expectError(await bo.call('deleteAutomationConfig', { params: { config_id: configId } }), 'not-found'),
      ];
      for (const error of errors) assert.match(error.message, /unknown automation config/);
    }
    for (const execution of [executionId, 'EXE.none']) {
      assert.match(expectError(await bo.call('getAutomationExecution', { params: { execution_id: execution } }), 'not-found').message, /unknown execution/);
    }
    expectOk(await ann.call('getAutomationConfig', { params: { config_id: id } }));
  });

  it('answers 401 to every operation without a known key', async () => {
    const params = { config_id: 'ATM.1' };
    expectError(await stranger.call('listAutomationConfigs', {}), 'unauthorized');
    expectError(await stranger.call('createAutomationConfig', { body: { name: 'x', cron_timer: '* * * * *' } }), 'unauthorized');
    expectError(await stranger.call('getAutomationConfig', { params }), 'unauthorized');
    expectError(await stranger.call('updateAutomationConfig', { params, body: {} }), 'unauthorized');
    expectError(await stranger.call('deleteAutomationConfig', { params }), 'unauthorized');
    expectError(await stranger.call('executeAutomationConfig', { params }), 'unauthorized');
    expectError(await stranger.call('listAutomationExecutions', {}), 'unauthorized');
    expectError(await stranger.call('getAutomationExecution', { params: { execution_id: 'EXE.1' } }), 'unauthorized');
  });

  it('refuses what §8 refuses with 400 naming the field', async () => {
    const refuse = async (body: Partial<CreateAutomationConfigRequest>, pattern: RegExp) => {
      const error = expectError(await ann.call('createAutomationConfig', { body: { name: 'ok name', cron_timer: '0 6 * * *', ...body } }), 'invalid');
      assert.match(error.message, pattern);
    };
    await refuse({ name: 'semi;colon' }, /^name: 'semi;colon' may hold letters, digits, underscores, hyphens and spaces only/);
    await refuse({ name: '' }, /^name: /);
    await refuse({ cron_timer: '61 * * * *' }, /^cron_timer: .*61/);
    await refuse({ cron_timer: '* * * *' }, /^cron_timer: write the five fields.*got 4/);
    await refuse({ timezone_identifier: 'Mars/Olympus' }, /^timezone_identifier: 'Mars\/Olympus' is not an IANA time zone/);
    await refuse({ start_date_time: 'next tuesday' }, /^start_date_time: /);
    await refuse({ end_date_time: '2025-13-01T00:00:00Z' }, /^end_date_time: /);
    await refuse({ start_date_time: '2025-05-01T00:00:00Z', end_date_time: '2025-05-01T01:00:00+02:00' }, /^end_date_time: '2025-05-01T01:00:00\+02:00' is not after start_date_time/);
    await refuse({ steps: [{}] }, /^steps\[0\]: give exactly one block .*found none/);
    await refuse({ steps: [CALCULATE, { ...CALCULATE, import: { config_id: 'IMP.1' } }] }, /^steps\[1\]: give exactly one block .*found activation_calculation and import/);
    await refuse({ steps: [{ activation: { collaboration_id: 'CLB.t', activation_segment_id: 'ATS.t1' } }] }, /^steps\[0\]\.activation\.destination_id: required/);
    const id = await create({ name: 'To update', cron_timer: '0 6 * * *', start_date_time: '2025-06-01T00:00:00Z' });
    const update = async (body: object, pattern: RegExp) =>
      assert.match(expectError(await ann.call('updateAutomationConfig', { params: { config_id: id }, body }), 'invalid').message, pattern);
    await update({ end_date_time: '2025-05-01T00:00:00Z' }, /^end_date_time: .* is not after start_date_time/);
    await update({ timezone_identifier: 'Nowhere' }, /^timezone_identifier: /);
    await update({ name: 'bad/name' }, /^name: /);
    assert.equal(expectOk(await ann.call('getAutomationConfig', { params: { config_id: id } })).config?.end_date_time, undefined, 'a refused update changes nothing');
  });
});
