import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { EMULATOR_PROFILE } from '../../../../client/src/connections/emulator-profile';
import { buildExampleQuery } from '../../../../client/src/connections/example-query';
import { readTargetDirectives } from '../../../../client/src/status/directive-edits';
import { DEMO_PROFILE } from '../../../../emulator/src/demo/demo-profile';
import { startEmulator, type RunningEmulator } from '../../../../emulator/src/start-emulator';
import { makeTree, runInProcess } from '../../../cli/cli-harness';

describe('buildExampleQuery', () => {
  let emulator: RunningEmulator;
  before(async () => {
    const started = await startEmulator({ port: 0 });
    assert.ok(started.ok, started.ok ? '' : started.message);
    emulator = started.emulator;
  });
  after(() => emulator.close());

  it('passes the local checks and the service\'s validation on the demo clean room', async () => {
    const root = makeTree({ 'example.iql': buildExampleQuery() });
    const run = await runInProcess(['check', root], { IQL_BASE_URL: emulator.url, IQL_API_KEY: DEMO_PROFILE.apiKey });
    assert.equal(run.stdout, '', 'no diagnostic at all');
    assert.equal(run.code, 0, run.stderr);
  });

  it('runs on the demo and gives a breakdown', async () => {
    const root = makeTree({ 'example.iql': buildExampleQuery() });
    const run = await runInProcess(['run', `${root}/example.iql`], { IQL_BASE_URL: emulator.url, IQL_API_KEY: DEMO_PROFILE.apiKey });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /Region/);
  });

  it('names the emulator\'s profile when asked to, and is otherwise the same file', () => {
    const withProfile = buildExampleQuery(EMULATOR_PROFILE);
    assert.deepEqual(readTargetDirectives(withProfile), { profile: EMULATOR_PROFILE });
    assert.equal(withProfile, `-- @profile ${EMULATOR_PROFILE}\n${buildExampleQuery()}`);
    assert.deepEqual(readTargetDirectives(buildExampleQuery()), {});
  });
});
