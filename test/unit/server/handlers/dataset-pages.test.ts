import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Location } from 'vscode-languageserver';
import { DatasetMetadataPageRequest, readDatasetPageQuery } from '../../../../common/protocol';
import type { ServiceResult } from '../../../../common/service-result';
import { registerDatasetPages } from '../../../../server/src/handlers/dataset-pages';
import { createServerFixture, startBackends, type Backends, type ServerFixture } from '../server-fixture';

function definition(fixture: ServerFixture, uri: string, character: number, line = 0): Promise<Location | null> {
  return fixture.connection.request<Location | null>('textDocument/definition', { textDocument: { uri }, position: { line, character } });
}

function pageOf(location: Location | null): { target: unknown; name: string } | undefined {
  assert.ok(location, 'a definition');
  assert.ok(location.uri.startsWith('iql-dataset:/'), location.uri);
  return readDatasetPageQuery(location.uri.slice(location.uri.indexOf('?') + 1));
}

describe('dataset pages: go to definition and the page request', { timeout: 30_000 }, () => {
  let backends: Backends;
  let fixture: ServerFixture;

  before(async () => {
    backends = await startBackends();
    fixture = await createServerFixture({ profiles: backends.profiles, initialization: { profilesFromClient: true, datasetPages: true } });
    registerDatasetPages(fixture.context);
  });
  after(async () => {
    await fixture.dispose();
    await backends.close();
  });

  it('answers the page of the dataset under the cursor, and asks the client for nothing else', async () => {
    fixture.texts.open('file:///ws/pages-0.iql', 'SELECT AGGREGATE(Retail.Gender) FROM Retail ENRICH WITH Bank');
    const sentBefore = fixture.connection.sentRequests.length;
    const onFrom = await definition(fixture, 'file:///ws/pages-0.iql', 40);
    assert.deepEqual(pageOf(onFrom), { target: { profile: 'ana' }, name: 'Retail' });
    assert.ok(onFrom!.uri.startsWith('iql-dataset:/ana/Retail.md?'), onFrom!.uri);
    assert.deepEqual(onFrom!.range.start, { line: 0, character: 0 });
    assert.deepEqual(pageOf(await definition(fixture, 'file:///ws/pages-0.iql', 18)), { target: { profile: 'ana' }, name: 'Retail' }, 'on a qualifier');
    assert.deepEqual(pageOf(await definition(fixture, 'file:///ws/pages-0.iql', 58)), { target: { profile: 'ana' }, name: 'Bank' }, 'in ENRICH WITH');
    assert.equal(fixture.connection.sentRequests.length, sentBefore, 'no reveal in a view, no other request');
  });

  it('lands a category on its heading in its dataset page', async () => {
    fixture.texts.open('file:///ws/pages-1.iql', 'SELECT AGGREGATE(Retail.Gender) FROM Retail');
    const location = await definition(fixture, 'file:///ws/pages-1.iql', 26);
    assert.deepEqual(pageOf(location), { target: { profile: 'ana' }, name: 'Retail' });
    const page = await fixture.connection.request<ServiceResult<string>>(DatasetMetadataPageRequest, { target: { profile: 'ana' }, name: 'Retail' });
    assert.ok(page.ok);
    assert.equal(page.value.split('\n')[location!.range.start.line], '### `Gender`');
  });

  it('has no definition for a keyword, an unknown dataset, or a client that serves no pages', async () => {
    fixture.texts.open('file:///ws/pages-2.iql', 'SELECT COUNT() FROM Retial');
    assert.equal(await definition(fixture, 'file:///ws/pages-2.iql', 2), null);
    assert.equal(await definition(fixture, 'file:///ws/pages-2.iql', 22), null);
    const other = await createServerFixture({ profiles: backends.profiles, initialization: { profilesFromClient: true } });
    registerDatasetPages(other.context);
    other.texts.open('file:///ws/pages-3.iql', 'SELECT COUNT() FROM Retail');
    assert.equal(await definition(other, 'file:///ws/pages-3.iql', 22), null);
    await other.dispose();
  });

  it('renders the page from the catalog of the target it is given, or says calmly why not', async () => {
    const page = await fixture.connection.request<ServiceResult<string>>(DatasetMetadataPageRequest, { target: { profile: 'ana' }, name: 'Bank' });
    assert.ok(page.ok, page.ok ? '' : page.error.message);
    assert.match(page.value, /^# .*dataset `Bank`$/m);
    assert.match(page.value, /^- \*\*Records:\*\* [\d,]+$/m);
    assert.match(page.value, /^## Categories \(\d+\)$/m);
    const missing = await fixture.connection.request<ServiceResult<string>>(DatasetMetadataPageRequest, { target: { profile: 'ana' }, name: 'Nothing' });
    assert.equal(missing.ok ? '' : missing.error.message, "Dataset 'Nothing' is not in the catalog of profile 'ana': it may have been removed or renamed. Refresh the catalog and try again.");
    const offline = await fixture.connection.request<ServiceResult<string>>(DatasetMetadataPageRequest, { target: { profile: 'staging' }, name: 'Bank' });
    assert.match(offline.ok ? '' : offline.error.message, /no profile named 'staging'/);
  });
});
