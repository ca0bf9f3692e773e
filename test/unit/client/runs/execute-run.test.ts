/**
 * The run orchestration against the local emulator over real HTTP: the audience it records is
 * the engine's, a refusal carries the service's words, and a cancel stops polling at once.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { findCaller } from '../../../../emulator/src/access/access-rules';
import { createQueryEngine } from '../../../../emulator/src/engine-adapter';
import type { EmulatorData } from '../../../../emulator/src/data/loaded-data';
import { resolveQueryScope } from '../../../../emulator/src/http/query-scope';
import { executeRun } from '../../../../client/src/runs/execute-run';
import { createRunRecord } from '../../../../client/src/runs/run-transitions';
import type { RunRecord } from '../../../../client/src/runs/run-record';
import type { ProgressEvent } from '../../../../common/protocol';
import { directProfileService } from '../direct-profile-service';
import { startDemoEmulator } from '../../service/demo-emulator';
import type { DemoEmulator } from '../../service/demo-emulator';

const ANA = 'demo-key-ana';
const FAST_POLL = { initialDelayMs: 1, maxDelayMs: 5, factor: 2 };
const INTERSECT = 'SELECT COUNT() FROM Retail INTERSECT Bank';
const ACTIVATION = "SELECT self.ID, self.EmailHash\nFROM self INTERSECT them\nWHERE them.Interest IN ('Cycling', 'Running')";

function insightRun(query: string, collaboration?: string): RunRecord {
  return createRunRecord({ query, kind: 'insight', target: { profile: 'emulator', ...(collaboration ? { collaboration } : {}) } }, `run-${Math.random().toString(36).slice(2)}`, Date.now());
}

/** What the emulator's engine itself computes for Ana, without HTTP. */
function engineScope(data: EmulatorData, collaboration?: string) {
  const caller = findCaller(data, ANA);
  assert.ok(caller, 'Ana is a demo user');
  return resolveQueryScope(data, caller, collaboration).datasets;
}

describe('executeRun against the emulator', () => {
  let demo: DemoEmulator;
  before(async () => {
    demo = await startDemoEmulator();
  });
  after(async () => {
    await demo.close();
  });

  it('runs a demo query to success, with the audience the engine computes', async () => {
    const events: ProgressEvent[] = [];
    const named: RunRecord[] = [];
    const finished = await executeRun(directProfileService(demo.createClient(ANA), { poll: FAST_POLL }), insightRun(INTERSECT), {
      onProgress: (event) => events.push(event),
      onServiceId: (record) => named.push(record),
    });
    const expected = createQueryEngine().runInsight(INTERSECT, engineScope(demo.emulator.data));
    assert.ok(expected.ok, 'the engine accepts the query');
    assert.equal(finished.status, 'succeeded', finished.message);
    assert.equal(finished.audience, String(expected.value.audience));
    assert.ok(Number(finished.audience) > 0);
    assert.deepEqual(finished.result?.audience, expected.value.audience);
    assert.match(finished.serviceId ?? '', /\S/);
    assert.ok(finished.finishedAt !== undefined && finished.finishedAt >= finished.startedAt);
    assert.equal(named.length, 1, 'the service id is announced once');
    assert.equal(named[0]?.serviceId, finished.serviceId);
    assert.equal(events[0]?.phase, 'submit');
    assert.equal(events[events.length - 1]?.phase, 'result');
  });

  it('runs an activation in a collaboration and counts the rows the engine exports', async () => {
    const record = createRunRecord({ query: ACTIVATION, kind: 'activation', target: { profile: 'emulator', collaboration: 'CLB.demo' } }, 'act-1', Date.now());
    const finished = await executeRun(directProfileService(demo.createClient(ANA), { poll: FAST_POLL }), record, {});
    const expected = createQueryEngine().runActivation(ACTIVATION, engineScope(demo.emulator.data, 'CLB.demo'));
    assert.ok(expected.ok);
    assert.equal(finished.status, 'succeeded', finished.message);
    assert.equal(finished.audience, String(expected.value.rows.length));
    assert.equal(finished.activation?.summary?.collaboration_id, 'CLB.demo', 'collaboration_id was sent');
    assert.match(finished.activation?.summary?.campaign_name ?? '', /^IQL editor run /);
  });

  it("fails a refused query with the service's own message", async () => {
    const query = 'SELECT COUNT() FROM Retail INTERSECT Nope';
    const finished = await executeRun(directProfileService(demo.createClient(ANA), { poll: FAST_POLL }), insightRun(query), {});
    const verdict = createQueryEngine().validate(query, engineScope(demo.emulator.data), 'insight');
    assert.ok(!verdict.ok);
    assert.equal(finished.status, 'failed');
    assert.equal(finished.message, verdict.problem.message);
    assert.equal(finished.result, undefined);
  });

  it('fails an insight query sent to a collaboration Ana is not in, with a message that says so', async () => {
    const finished = await executeRun(directProfileService(demo.createClient(ANA), { poll: FAST_POLL }), insightRun(INTERSECT, 'CLB.no-such'), {});
    assert.equal(finished.status, 'failed');
    assert.match(finished.message ?? '', /CLB\.no-such/);
  });
});

describe('cancelling a run', () => {
  it('stops polling at once while the query is still running, and says the service may still finish it', async () => {
    // The emulator answers "not done" to the first million polls: without cancel this never ends.
    const demo = await startDemoEmulator({ pollsBeforeDone: 1_000_000 });
    try {
      const controller = new AbortController();
      const events: ProgressEvent[] = [];
      let secondPoll: () => void = () => undefined;
      const polling = new Promise<void>((resolve) => (secondPoll = resolve));
      const pending = executeRun(directProfileService(demo.createClient(ANA), { poll: { initialDelayMs: 20, maxDelayMs: 20 } }), insightRun(INTERSECT), {
        signal: controller.signal,
        onProgress: (event) => {
          events.push(event);
          if (event.phase === 'poll' && event.attempt === 2) secondPoll();
        },
      });
      await polling;
      const eventsAtAbort = events.length;
      const abortedAt = performance.now();
      controller.abort();
      const finished = await pending;
      const stoppedIn = performance.now() - abortedAt;
      assert.equal(finished.status, 'cancelled');
      assert.ok(stoppedIn < 200, `stopped after ${stoppedIn.toFixed(0)} ms`);
      assert.ok(events.length <= eventsAtAbort + 1, 'no further polls after the abort');
      assert.ok(finished.serviceId, 'the query had an id');
      assert.ok(finished.message?.includes(finished.serviceId ?? '?'), finished.message);
      assert.match(finished.message ?? '', /may still complete/);
    } finally {
      await demo.close();
    }
  });

  it('stops mid-request when the service is slow to answer', async () => {
    const demo = await startDemoEmulator({ latencyMs: 400 });
    try {
      const controller = new AbortController();
      let submitted: () => void = () => undefined;
      const sending = new Promise<void>((resolve) => (submitted = resolve));
      const pending = executeRun(directProfileService(demo.createClient(ANA)), insightRun(INTERSECT), {
        signal: controller.signal,
        onProgress: (event) => {
          if (event.phase === 'submit') submitted();
        },
      });
      await sending;
      const abortedAt = performance.now();
      controller.abort();
      const finished = await pending;
      assert.ok(performance.now() - abortedAt < 200, 'did not wait for the slow answer');
      assert.equal(finished.status, 'cancelled');
      assert.match(finished.message ?? '', /before the service answered/);
    } finally {
      await demo.close();
    }
  });
});
