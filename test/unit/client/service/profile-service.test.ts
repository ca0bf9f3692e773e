/**
 * The extension host's side of service access: every call becomes one request to the language
 * server, an AbortSignal becomes the request's cancellation, a failed request becomes a calm
 * ServiceResult, and a job's progress listener lives exactly as long as the job.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ProgressEvent } from '../../../../common/protocol';
import { createProfileService, type CancellationLike, type ServerRequester } from '../../../../client/src/service/profile-service';

interface Sent {
  readonly method: string;
  readonly params: unknown;
  readonly token: CancellationLike;
}

/** A requester that records each request and answers with `answer` (or never, when it returns undefined). */
function fakeRequester(answer: (sent: Sent) => Promise<unknown> | undefined) {
  const sent: Sent[] = [];
  const listeners = new Map<string, (event: ProgressEvent) => void>();
  const requester: ServerRequester = {
    sendRequest<R>(method: string, params: unknown, token: CancellationLike): Promise<R> {
      const entry = { method, params, token };
      sent.push(entry);
      return (answer(entry) ?? new Promise<never>(() => undefined)) as Promise<R>;
    },
    onJobProgress(token, listener) {
      listeners.set(token, listener);
      return { dispose: () => listeners.delete(token) };
    },
  };
  return { requester, sent, listeners };
}

describe('ProfileService over the language server', () => {
  it('sends one iql/service/call with the profile, the operation and the input, and returns the answer as is', async () => {
    const { requester, sent } = fakeRequester(() => Promise.resolve({ ok: true, value: { datasets: [] } }));
    const service = createProfileService('staging', requester);
    const answer = await service.call('listDatasets', { query: { 'filter.ownership': 'OWNED' } });
    assert.deepEqual(answer, { ok: true, value: { datasets: [] } });
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.method, 'iql/service/call');
    assert.deepEqual(sent[0]!.params, { profile: 'staging', operation: 'listDatasets', input: { query: { 'filter.ownership': 'OWNED' } } });
  });

  it('lists through iql/service/listAll and pages datasets through iql/explorer/datasetPage', async () => {
    const { requester, sent } = fakeRequester(() => Promise.resolve({ ok: true, value: [] }));
    const service = createProfileService('p', requester);
    await service.listAll('listCollaborations', {});
    await service.datasetPage({ group: 'shared', filter: 'x', offset: 0, limit: 10 });
    await service.findDataset({ name: 'Retail', filter: '' });
    assert.deepEqual(
      sent.map((s) => s.method),
      ['iql/service/listAll', 'iql/explorer/datasetPage', 'iql/explorer/findDataset'],
    );
    assert.deepEqual(sent[1]!.params, { group: 'shared', filter: 'x', offset: 0, limit: 10, profile: 'p' });
  });

  it('an abort cancels the request it covers, and the call resolves "cancelled" without waiting for the server', async () => {
    const { requester, sent } = fakeRequester(() => undefined);
    const service = createProfileService('p', requester);
    const controller = new AbortController();
    const pending = service.call('getDatasetMetadata', { params: { private_id: 'Retail' } }, { signal: controller.signal });
    const token = sent[0]!.token;
    let told = false;
    token.onCancellationRequested(() => (told = true));
    assert.equal(token.isCancellationRequested, false);
    controller.abort();
    assert.equal(token.isCancellationRequested, true);
    assert.equal(told, true, 'the language client is told at once');
    // The fake server never answers: the client must not hang on it.
    const raced = await Promise.race([pending, new Promise((resolve) => setTimeout(() => resolve('hung'), 1000))]);
    assert.notEqual(raced, 'hung', 'the call resolved without the server');
    assert.equal((raced as { ok: boolean; error?: { kind: string } }).error?.kind, 'cancelled');
  });

  it('does not send a request whose signal has already aborted', async () => {
    const { requester, sent } = fakeRequester(() => Promise.resolve({ ok: true, value: 1 }));
    const controller = new AbortController();
    controller.abort();
    const answer = await createProfileService('p', requester).call('checkHealth', {}, { signal: controller.signal });
    assert.equal(answer.ok ? 'ok' : answer.error.kind, 'cancelled');
    assert.equal(sent.length, 0);
  });

  it('a request that fails (server gone) becomes a calm "server" result, or "cancelled" when it was aborted', async () => {
    const { requester } = fakeRequester(() => Promise.reject(new Error('Connection is closed.')));
    const service = createProfileService('p', requester);
    const failed = await service.call('checkHealth', {});
    assert.equal(failed.ok ? 'ok' : failed.error.kind, 'server');
    assert.match(failed.ok ? '' : failed.error.message, /The call checkHealth could not be done: the IQL language server did not answer \(Connection is closed\.\)/);

    const controller = new AbortController();
    const { requester: rejecting } = fakeRequester((sent) => new Promise((_resolve, reject) => sent.token.onCancellationRequested(() => reject(new Error('Request cancelled')))));
    const pending = createProfileService('p', rejecting).call('checkHealth', {}, { signal: controller.signal });
    controller.abort();
    const cancelled = await pending;
    assert.equal(cancelled.ok ? 'ok' : cancelled.error.kind, 'cancelled');
  });

  it('a job reports the progress sent under its own token, and stops listening when it ends', async () => {
    let finish: (value: unknown) => void = () => undefined;
    const { requester, sent, listeners } = fakeRequester(() => new Promise((resolve) => (finish = resolve)));
    const events: ProgressEvent[] = [];
    const pending = createProfileService('p', requester).runJob({ kind: 'insightQuery', body: { query: 'SELECT COUNT() FROM Retail' } }, { onProgress: (event) => events.push(event) });
    const params = sent[0]!.params as { progressToken: string; job: unknown; profile: string };
    assert.equal(sent[0]!.method, 'iql/job/run');
    assert.equal(params.profile, 'p');
    assert.deepEqual(params.job, { kind: 'insightQuery', body: { query: 'SELECT COUNT() FROM Retail' } });
    const listener = listeners.get(params.progressToken);
    assert.ok(listener, 'listening under the token sent');
    listener({ phase: 'submit', attempt: 1, elapsedMs: 0 });
    listener({ phase: 'poll', attempt: 1, elapsedMs: 500, id: 'Q1' });
    finish({ ok: true, value: { queryId: 'Q1', result: {} } });
    const answer = await pending;
    assert.ok(answer.ok);
    assert.deepEqual(events.map((e) => e.phase), ['submit', 'poll']);
    assert.equal(listeners.size, 0, 'the listener is disposed with the job');
  });

  it('two jobs get different progress tokens', async () => {
    const { requester, sent } = fakeRequester(() => Promise.resolve({ ok: true, value: {} }));
    const service = createProfileService('p', requester);
    await service.runJob({ kind: 'segmentCalculation', segment: { collaborationId: 'CLB.1', segmentId: 'S1' } });
    await service.runJob({ kind: 'segmentCalculation', segment: { collaborationId: 'CLB.1', segmentId: 'S1' } });
    const tokens = sent.map((s) => (s.params as { progressToken: string }).progressToken);
    assert.notEqual(tokens[0], tokens[1]);
  });
});
