import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CancellationTokenSource } from 'vscode-languageserver';
import type { ListDatasetsResponse } from '../../../../common/api';
import { RunJobRequest, ServiceCallRequest, ServiceListRequest, type JobSpec, type ProfilesResult, type ProgressEvent, type QueryRun } from '../../../../common/protocol';
import type { ServiceClient, ServiceResult } from '../../../../service/src';
import { registerServiceRequests, runJob } from '../../../../server/src/handlers/service-requests';
import { expectError, expectOk } from '../../service/demo-emulator';
import type { FakeService } from '../../service/fake-service';
import { createServerFixture, deferred, profileInfo, startBackends, type Backends, type ServerFixture } from '../server-fixture';

const QUERY = 'SELECT COUNT() FROM Retail INTERSECT Bank';

describe('service requests (iql/service/call, iql/service/listAll, iql/job/run)', { timeout: 30_000 }, () => {
  let backends: Backends;
  let stalled: FakeService;
  let fixture: ServerFixture;
  let profiles: ProfilesResult;

  before(async () => {
    backends = await startBackends();
    ({ stalled, profiles } = backends);
    fixture = await createServerFixture({ profiles });
    registerServiceRequests(fixture.context);
  });
  after(async () => {
    await fixture.dispose();
    await backends.close();
  });

  it('calls any operation of the table on the default profile and answers a ServiceResult', async () => {
    const listed = expectOk(await fixture.connection.request<ServiceResult<ListDatasetsResponse>>(ServiceCallRequest, { operation: 'listDatasets', input: {} }));
    assert.ok(listed.datasets.some((d) => d.private_id === 'Retail'));
    const missing = await fixture.connection.request<ServiceResult<unknown>>(ServiceCallRequest, { operation: 'getDatasetMetadata', input: { params: { private_id: 'NoSuchDataset' } } });
    expectError(missing, 'not-found');
  });

  it("answers 'misconfigured' for an unknown operation without calling the service", async () => {
    const before = stalled.requests.length;
    for (const operation of ['dropEverything', 'toString', 42]) {
      const answer = await fixture.connection.request<ServiceResult<unknown>>(ServiceCallRequest, { profile: 'stalled', operation, input: {} });
      assert.match(expectError(answer, 'misconfigured').message, /knows no list or operation named/);
    }
    assert.equal(stalled.requests.length, before);
  });

  it("answers 'misconfigured' for a profile that does not exist or has no key", async () => {
    const unknown = await fixture.connection.request<ServiceResult<unknown>>(ServiceCallRequest, { profile: 'staging', operation: 'listDatasets', input: {} });
    assert.deepEqual(unknown, { ok: false, error: { kind: 'misconfigured', message: "There is no profile named 'staging'." } });
    const noKey = await fixture.connection.request<ServiceResult<unknown>>(ServiceListRequest, { profile: 'nokey', operation: 'listCollaborations', input: {} });
    assert.match(expectError(noKey, 'misconfigured').message, /has no API key yet/);
  });

  it('reads every page of a paged list, and refuses a list that is not paged', async () => {
    const all = expectOk(await fixture.connection.request<ServiceResult<{ id: string }[]>>(ServiceListRequest, { operation: 'listCollaborations', input: {} }));
    assert.deepEqual(all.map((c) => c.id).sort(), ['CLB.demo', 'CLB.finance']);
    const notPaged = await fixture.connection.request<ServiceResult<unknown>>(ServiceListRequest, { operation: 'listDatasets', input: {} });
    expectError(notPaged, 'misconfigured');
  });

  it('aborts the HTTP call when the request is cancelled', async () => {
    const source = new CancellationTokenSource();
    const before = stalled.requests.length;
    const pending = fixture.connection.request<ServiceResult<unknown>>(ServiceCallRequest, { profile: 'stalled', operation: 'listDatasets', input: {} }, source.token);
    await stalled.waitForRequests(before + 1);
    source.cancel();
    expectError(await pending, 'cancelled');
  });

  it('makes a call that arrives during a profile reload wait for the new profiles', async () => {
    const reloaded = deferred<ProfilesResult>();
    fixture.profilesAnswer = () => reloaded.promise;
    void fixture.profiles.reload();
    // Before the reload, 'later' does not exist: answered now, the call would be misconfigured.
    const pending = fixture.connection.request<ServiceResult<ListDatasetsResponse>>(ServiceCallRequest, { profile: 'later', operation: 'listDatasets', input: {} });
    reloaded.resolve({ ...profiles, profiles: [...profiles.profiles, profileInfo('later', backends.demo.url, 'demo-key-ana')] });
    assert.ok(expectOk(await pending).datasets.length > 0);
    fixture.profilesAnswer = () => Promise.resolve(profiles);
    await fixture.profiles.reload();
  });

  it('follows a query job to its result, reporting each step as $/progress under the given token', async () => {
    const run = expectOk(await fixture.connection.request<ServiceResult<QueryRun>>(RunJobRequest, { job: { kind: 'insightQuery', body: { query: QUERY } }, progressToken: 'job-1' }));
    assert.match(run.queryId, /\S/);
    assert.ok(Number(run.result.audience) > 0);
    const events = fixture.connection.progress.filter((p) => p.token === 'job-1').map((p) => p.value as ProgressEvent);
    assert.deepEqual([...new Set(events.map((e) => e.phase))], ['submit', 'poll', 'result']);
    assert.ok(events.filter((e) => e.id !== undefined).every((e) => e.id === run.queryId));
  });

  it('stops a job at once when its request is cancelled', async () => {
    const source = new CancellationTokenSource();
    const before = stalled.requests.length;
    const pending = fixture.connection.request<ServiceResult<unknown>>(
      RunJobRequest,
      { profile: 'stalled', job: { kind: 'insightQuery', body: { query: QUERY } }, progressToken: 'job-cancelled' },
      source.token,
    );
    await stalled.waitForRequests(before + 1);
    source.cancel();
    expectError(await pending, 'cancelled');
  });

  it("answers 'misconfigured' for a job kind it does not know", async () => {
    const answer = await runJob({} as ServiceClient, { kind: 'teleport' } as unknown as JobSpec, {});
    assert.match(expectError(answer, 'misconfigured').message, /knows no job of kind 'teleport'/);
  });
});
