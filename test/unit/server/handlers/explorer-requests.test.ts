import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CancellationTokenSource } from 'vscode-languageserver';
import { DatasetPageRequest, FindDatasetRequest, type DatasetPage, type DatasetPlace } from '../../../../common/protocol';
import type { ServiceResult } from '../../../../service/src';
import { DatasetListings } from '../../../../server/src/explorer/dataset-listings';
import { registerExplorerRequests } from '../../../../server/src/handlers/explorer-requests';
import { expectError, expectOk } from '../../service/demo-emulator';
import { createServerFixture, startBackends, type Backends, type ServerFixture } from '../server-fixture';

describe('explorer requests (iql/explorer/datasetPage, iql/explorer/findDataset)', { timeout: 30_000 }, () => {
  let backends: Backends;
  let fixture: ServerFixture;

  before(async () => {
    backends = await startBackends();
    fixture = await createServerFixture({ profiles: backends.profiles });
    registerExplorerRequests(fixture.context, new DatasetListings());
  });
  after(async () => {
    await fixture.dispose();
    await backends.close();
  });

  it("serves a page of the default profile's datasets, with the counts of both groups", async () => {
    const page = expectOk(await fixture.connection.request<ServiceResult<DatasetPage>>(DatasetPageRequest, { group: 'shared', filter: '', offset: 0, limit: 2 }));
    assert.equal(page.items.length, Math.min(2, page.counts.shared.total));
    assert.ok(page.items.every((item) => !('stats' in item)), 'the listing carries no statistics');
    assert.ok(page.counts.owned.total > 0 && page.counts.shared.total > 0, JSON.stringify(page.counts));
  });

  it('keeps the lists of each profile apart', async () => {
    const ana = expectOk(await fixture.connection.request<ServiceResult<DatasetPlace | null>>(FindDatasetRequest, { profile: 'ana', name: 'Retail', filter: '' }));
    const ben = expectOk(await fixture.connection.request<ServiceResult<DatasetPlace | null>>(FindDatasetRequest, { profile: 'ben', name: 'Retail', filter: '' }));
    assert.equal(ana?.group, 'owned');
    assert.notEqual(ben?.group, 'owned', "Retail is Ana's company's dataset, not Ben's");
  });

  it('places a dataset by name, ignoring case, and answers null for one that is not listed', async () => {
    const place = expectOk(await fixture.connection.request<ServiceResult<DatasetPlace | null>>(FindDatasetRequest, { name: 'retail', filter: 'zzz' }));
    assert.deepEqual(place, { group: 'owned', privateId: 'Retail', index: -1 });
    assert.equal(expectOk(await fixture.connection.request<ServiceResult<DatasetPlace | null>>(FindDatasetRequest, { name: 'NoSuchDataset', filter: '' })), null);
  });

  it("answers 'misconfigured' for a profile that does not exist", async () => {
    const answer = await fixture.connection.request<ServiceResult<unknown>>(DatasetPageRequest, { profile: 'staging', group: 'owned', filter: '', offset: 0, limit: 1 });
    assert.match(expectError(answer, 'misconfigured').message, /no profile named 'staging'/);
  });

  it('aborts the listing when the request is cancelled', async () => {
    const source = new CancellationTokenSource();
    const before = backends.stalled.requests.length;
    const pending = fixture.connection.request<ServiceResult<unknown>>(DatasetPageRequest, { profile: 'stalled', group: 'owned', filter: '', offset: 0, limit: 1 }, source.token);
    await backends.stalled.waitForRequests(before + 1);
    source.cancel();
    expectError(await pending, 'cancelled');
  });
});
