/**
 * Users' display names, the PAIR match rate and activation query, and private paths (Document 2 §4.1) through the
 * real service client against the emulator. The tiny folder, with Beta's Secret accepted by
 * Alpha: Alpha owns Shop and sees Beta's News and Secret; Beta sees only its own; Gamma deals
 * with no one. Shop (5 individuals) and News (4) share the e-mails a, b and c. Each
 * operation's answer and its error statuses: 401, 403, 404 that does not tell another
 * company's private path from a missing one, 400 with the emulator's message for bad input.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ServiceClient } from '../../../service/src';
import { startTestServer } from '../emulator/test-server';
import type { TestServer } from '../emulator/test-server';
import { tinyCatalog, tinyFiles } from '../emulator/tiny-folder';
import { expectError, expectOk, pollUntil } from './demo-emulator';
import { createTestClient } from './test-client';
import type { TestClient } from './test-client';
import { calculateMatchRate, createPairQuery, createPrivatePath, getActivation, getPrivatePath, listActivations, listCollaborations, listDatasetsV2, listDisplayNames } from '../../../service/src';

describe('users, matching and private paths: service client against the emulator', () => {
  let server: TestServer;
  const clients: TestClient[] = [];
  let ann: ServiceClient;
  let bo: ServiceClient;
  let cy: ServiceClient;
  let stranger: ServiceClient;
  const ids = { shop: '', news: '', secret: '' };
  const client = (key: string): ServiceClient => {
    const made = createTestClient(server.base, {}, key);
    clients.push(made);
    return made.client;
  };

  before(async () => {
    const catalog = tinyCatalog();
    catalog.permissions = (catalog.permissions ?? []).map((permission) => ({ ...permission, accepted: true }));
    server = await startTestServer({ files: tinyFiles({ 'catalog.json': JSON.stringify(catalog) }) });
    ann = client('key-a');
    bo = client('key-b');
    cy = client('pub-c/priv-c');
    stranger = client('no-such-key');
    const datasetId = async (who: ServiceClient, privateId: string): Promise<string> =>
      expectOk(await listDatasetsV2(who)).datasets?.find((dataset) => dataset.private_id === privateId)?.dataset_id ?? '';
    ids.shop = await datasetId(ann, 'Shop');
    ids.news = await datasetId(bo, 'News');
    ids.secret = await datasetId(bo, 'Secret');
    assert.ok(ids.shop !== '' && ids.news !== '' && ids.secret !== '', JSON.stringify(ids));
  });
  after(async () => {
    for (const made of clients) await made.close();
    await server.close();
  });

  describe('List users\' display name and company name', () => {
    it('names the users of the companies the caller deals with, and leaves others out like unknown IDs', async () => {
      const answer = expectOk(await listDisplayNames(ann, ['USR.a', 'USR.b', 'USR.c', 'USR.none']));
      assert.deepEqual(answer.users, [
        { company_id: 'CMP.a', company_name: 'Alpha', user_display_name: 'Ann', user_id: 'USR.a' },
        { company_id: 'CMP.b', company_name: 'Beta', user_display_name: 'Bo', user_id: 'USR.b' },
      ]);
      assert.deepEqual(expectOk(await listDisplayNames(cy, ['USR.a', 'USR.b'])).users ?? [], []);
      assert.deepEqual(expectOk(await listDisplayNames(cy, ['USR.c'])).users?.map((user) => user.user_display_name), ['Cy']);
    });

    it('pages its answer', async () => {
      const first = expectOk(await listDisplayNames(ann, ['USR.a', 'USR.b'], { perPage: 1 }));
      assert.deepEqual(first.users?.map((user) => user.user_id), ['USR.a']);
      assert.equal(first.pagination?.next_page, 2);
      assert.deepEqual(expectOk(await listDisplayNames(ann, ['USR.a', 'USR.b'], { page: 2, perPage: 1 })).users?.map((user) => user.user_id), ['USR.b']);
    });

    it('refuses a missing or unreadable filter and IDs that cannot be IDs with 400', async () => {
      const missing = expectError(await ann.call('listDisplayNames', {}), 'invalid');
      assert.match(missing.message, /^filter is required/);
      const unreadable = expectError(await ann.call('listDisplayNames', { query: { filter: 'company_id eq CMP.a' } }), 'invalid');
      assert.match(unreadable.message, /cannot read 'company_id eq CMP\.a'; name user IDs/);
      assert.match(expectError(await listDisplayNames(ann, ['../USR.a']), 'invalid').message, /'\.\.\/USR\.a' is not an ID/);
      assert.match(expectError(await listDisplayNames(ann, ['<b>USR.a</b>']), 'invalid').message, /is not an ID/);
    });

    it('answers 401 to an unknown key', async () => {
      expectError(await listDisplayNames(stranger, ['USR.a']), 'unauthorized');
    });
  });

  describe('Calculate match rate', () => {
    it('counts the share of the advertiser\'s individuals the publisher holds, as an int64 string', async () => {
      const shopInNews = expectOk(await calculateMatchRate(ann, { advertiser_dataset_id: ids.shop, publisher_dataset_id: ids.news }));
      assert.equal(String(shopInNews.match_rate_percentage), '60');
      const newsInShop = expectOk(await calculateMatchRate(ann, { advertiser_dataset_id: ids.news, publisher_dataset_id: ids.shop }));
      assert.equal(String(newsInShop.match_rate_percentage), '75');
      const raw = await server.call('POST', '/api/v2/connections/pair/match-rate', { body: { advertiser_dataset_id: ids.shop, publisher_dataset_id: ids.shop } });
      // A dataset against itself: its record without an e-mail (S5) matches nothing, not even itself.
      assert.deepEqual(raw.json, { match_rate_percentage: '80' });
    });

    it('refuses with 403 when the caller owns neither dataset', async () => {
      const error = expectError(await calculateMatchRate(ann, { advertiser_dataset_id: ids.news, publisher_dataset_id: ids.secret }), 'forbidden');
      assert.match(error.message, /owns neither dataset/);
    });

    it('answers 400 for a dataset the caller cannot see, worded as for one that does not exist', async () => {
      const hidden = expectError(await calculateMatchRate(bo, { advertiser_dataset_id: ids.news, publisher_dataset_id: ids.shop }), 'invalid');
      const missing = expectError(await calculateMatchRate(bo, { advertiser_dataset_id: ids.news, publisher_dataset_id: 'EU.none' }), 'invalid');
      assert.equal(hidden.message.replace(ids.shop, 'X'), missing.message.replace('EU.none', 'X'));
    });

    it('refuses missing, malformed, hostile and huge IDs with 400', async () => {
      const cases: [Parameters<typeof calculateMatchRate>[1], RegExp][] = [
        [{ publisher_dataset_id: ids.news }, /^advertiser_dataset_id: name the dataset/],
        [{ advertiser_dataset_id: ids.shop }, /^publisher_dataset_id: name the dataset/],
        [{ advertiser_dataset_id: `../${ids.shop}`, publisher_dataset_id: ids.news }, /is not an ID/],
        [{ advertiser_dataset_id: ids.shop, publisher_dataset_id: '<script>x</script>' }, /is not an ID/],
        [{ advertiser_dataset_id: ids.shop, publisher_dataset_id: 'x'.repeat(200_000) }, /unknown dataset/],
      ];
      for (const [body, message] of cases) assert.match(expectError(await calculateMatchRate(ann, body), 'invalid').message, message);
    });

    it('answers 401 to an unknown key', async () => {
      expectError(await calculateMatchRate(stranger, { advertiser_dataset_id: ids.shop, publisher_dataset_id: ids.news }), 'unauthorized');
    });
  });

  describe('Create a PAIR enabled activation query', () => {
    const pair = (overrides: Record<string, unknown> = {}): Parameters<typeof createPairQuery>[1] => ({
      dataset_id: ids.shop,
      collaborator_dataset_id: ids.news,
      column_identifier: { column_name: 'ID', column_type: 'PAIR_COLUMN_TYPE_EMAIL' },
      query_name: '<b>Spring</b>',
      ...overrides,
    });

    it('runs an activation of the caller\'s records the collaborator\'s dataset matches, read with Get an Activation', async () => {
      const id = expectOk(await createPairQuery(ann, pair())).query_id ?? '';
      assert.match(id, /^ACT\.[0-9a-f]{20}$/);
      assert.equal(expectOk(await createPairQuery(ann, pair())).query_id, id, 'the same request is the same query');
      const done = await pollUntil(
        async () => expectOk(await getActivation(ann, id)).activation,
        (activation) => activation.summary?.status === 'QUERY_COMPLETED',
        'the PAIR query completed',
      );
      assert.equal(done.summary?.query_successful, true);
      assert.equal(done.summary?.total_rows, 3, 'Shop and News share the e-mails a, b and c');
      assert.equal(done.summary?.campaign_name, '<b>Spring</b>', 'the name is kept as text');
      assert.equal(done.query_string, 'SELECT Shop.ID FROM Shop INTERSECT News');
      assert.deepEqual(done.output_columns, ['ID']);
      expectError(await getActivation(bo, id), 'not-found');
    });

    it('refuses with 403 a query on another company\'s dataset', async () => {
      assert.match(expectError(await createPairQuery(ann, pair({ dataset_id: ids.news, collaborator_dataset_id: ids.shop })), 'forbidden').message, /belongs to another company/);
    });

    it('refuses bad bodies with 400 and queues nothing', async () => {
      const before = expectOk(await listActivations(ann)).activations?.length;
      const cases: [Parameters<typeof createPairQuery>[1], RegExp][] = [
        [pair({ dataset_id: undefined }), /^dataset_id: name the dataset/],
        [pair({ dataset_id: '../etc' }), /^dataset_id: '\.\.\/etc' is not an ID/],
        [pair({ collaborator_dataset_id: ids.shop }), /your company's own; name a collaborator's dataset/],
        [pair({ collaborator_dataset_id: '<script>x</script>' }), /is not an ID/],
        [pair({ collaborator_dataset_id: 'z'.repeat(200_000) }), /unknown dataset/],
        [pair({ column_identifier: { column_name: 'Age', column_type: 'PAIR_COLUMN_TYPE_EMAIL' } }), /'Age' is not an output column .*; its output columns are ID$/],
        [pair({ column_identifier: { column_name: 'ID', column_type: 'PAIR_COLUMN_TYPE_INVALID' } }), /give PAIR_COLUMN_TYPE_EMAIL/],
        [pair({ column_identifier: { column_name: 'ID' } }), /give PAIR_COLUMN_TYPE_EMAIL/],
      ];
      for (const [body, message] of cases) assert.match(expectError(await createPairQuery(ann, body), 'invalid').message, message);
      assert.match(expectError(await createPairQuery(bo, pair({ dataset_id: ids.news, collaborator_dataset_id: ids.shop })), 'invalid').message, /not an activation dataset/);
      assert.match(expectError(await createPairQuery(cy, pair()), 'invalid').message, /^dataset_id: unknown dataset/);
      assert.equal(expectOk(await listActivations(ann)).activations?.length, before);
    });

    it('answers 401 to an unknown key', async () => {
      expectError(await createPairQuery(stranger, pair()), 'unauthorized');
    });
  });

  describe('Create and Get private path', () => {
    it('creates a private path its creator and the owners of its datasets read, and no one else', async () => {
      const created = expectOk(await createPrivatePath(ann, { dataset_ids: [ids.shop, ids.news] }));
      const id = created.collaboration_id ?? '';
      assert.match(id, /^CLB\.[0-9a-f]{20}$/);
      const expected = [{ dataset_id: ids.shop, use_time: '2025-01-01T00:00:00Z' }, { dataset_id: ids.news, use_time: '2025-01-01T00:00:00Z' }];
      assert.deepEqual(expectOk(await getPrivatePath(ann, id)).private_path_datasets, expected);
      assert.deepEqual(expectOk(await getPrivatePath(bo, id)).private_path_datasets, expected);
      const hidden = expectError(await getPrivatePath(cy, id), 'not-found');
      const missing = expectError(await getPrivatePath(cy, 'CLB.none'), 'not-found');
      assert.equal(hidden.message.replace(id, 'X'), missing.message.replace('CLB.none', 'X'));
      assert.ok(!expectOk(await listCollaborations(ann)).collaborations.some((collaboration) => collaboration.id === id));
      assert.notEqual(expectOk(await createPrivatePath(ann, { dataset_ids: [ids.shop, ids.news] })).collaboration_id, id);
    });

    it('refuses with 403 a private path over none of the caller\'s own datasets', async () => {
      assert.match(expectError(await createPrivatePath(ann, { dataset_ids: [ids.news, ids.secret] }), 'forbidden').message, /owns none of these datasets/);
    });

    it('refuses bad bodies with 400 and creates nothing', async () => {
      const cases: [Parameters<typeof createPrivatePath>[1], RegExp][] = [
        [{}, /^dataset_ids: name the datasets/],
        [{ dataset_ids: [] }, /^dataset_ids: name the datasets/],
        [{ dataset_ids: [ids.shop, ids.shop] }, /listed twice/],
        [{ dataset_ids: [ids.shop, '../etc'] }, /^dataset_ids\[1\]: '\.\.\/etc' is not an ID/],
        [{ dataset_ids: ['<img src=x>'] }, /is not an ID/],
        [{ dataset_ids: [ids.shop, 'y'.repeat(200_000)] }, /unknown dataset/],
      ];
      for (const [body, message] of cases) assert.match(expectError(await createPrivatePath(ann, body), 'invalid').message, message);
      assert.match(expectError(await createPrivatePath(cy, { dataset_ids: [ids.shop] }), 'invalid').message, /unknown dataset/);
      assert.match(expectError(await getPrivatePath(ann, '../CLB.x'), 'invalid').message, /is not an ID/);
    });

    it('answers 401 to an unknown key', async () => {
      expectError(await createPrivatePath(stranger, { dataset_ids: [ids.shop] }), 'unauthorized');
      expectError(await getPrivatePath(stranger, 'CLB.x'), 'unauthorized');
    });
  });
});
