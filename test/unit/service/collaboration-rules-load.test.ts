/**
 * A collaboration target's catalog carries the collaboration's rules, read from Get
 * Collaboration over real HTTP, and the editor's checks apply them: a dataset added as
 * intersection-only with one allowed attribute is flagged when queried alone or on another
 * attribute. The merge of the two shapes of Get Collaboration is checked on its own.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { catalogAssembly, collectDocumentProblems, parseIql } from '../../../language/src';
import { loadCatalog, addInsightDataset, createCollaboration, getCollaboration, validateQuery } from '../../../service/src';
import { rulesByDataset } from '../../../service/src/collaboration-rules-load';
import { startTestServer, type TestServer } from '../emulator/test-server';
import { expectOk } from './demo-emulator';
import { createTestClient, type TestClient } from './test-client';

describe('collaboration rules in the catalog', () => {
  let server: TestServer;
  let made: TestClient;

  before(async () => {
    server = await startTestServer();
    made = createTestClient(server.base, {}, 'key-a');
  });
  after(async () => {
    await made.close();
    await server.close();
  });

  it('loads each dataset with its restrictions, and the document checks flag what they forbid', async () => {
    const client = made.client;
    const shop = expectOk(await getCollaboration(client, 'CLB.t')).collaboration.datasets?.find((d) => d.collaboration_dataset_name === 'mine')?.dataset_id ?? '';
    const id = expectOk(await createCollaboration(client, { name: 'Rules', creator_rights: { operator: true, contributor: true, detailed_logs: true } })).collaboration_id ?? '';
    expectOk(await addInsightDataset(client, id, { collaboration_dataset_name: 'shop', dataset_id: shop, allowed_attributes: ['Gender'], attribute_restriction: true, intersection_only: true }));

    const catalog = expectOk(await loadCatalog(client, id, catalogAssembly(), new AbortController().signal));
    assert.deepEqual(catalog.findDataset('shop')?.restrictions, { intersectionOnly: true, allowedAttributes: ['Gender'], activationAllowed: false, exportableToMembers: [] });

    const text = 'SELECT AGGREGATE(shop.Age) FROM shop';
    const codes = collectDocumentProblems({ text, parsed: parseIql(text), targetProblems: [], catalog, collaboration: true, verdicts: new Map() }).map((problem) => problem.code);
    assert.deepEqual(codes.filter((code) => code.startsWith('iql.collaboration-')).sort(), ['iql.collaboration-attribute-not-allowed', 'iql.collaboration-intersection-only']);
  });

  it('the emulator refuses what the editor flags, with the same rule and message', async () => {
    const client = made.client;
    const shop = expectOk(await getCollaboration(client, 'CLB.t')).collaboration.datasets?.find((d) => d.collaboration_dataset_name === 'mine')?.dataset_id ?? '';
    const id = expectOk(await createCollaboration(client, { name: 'Same rules', creator_rights: { operator: true, contributor: true, detailed_logs: true } })).collaboration_id ?? '';
    expectOk(await addInsightDataset(client, id, { collaboration_dataset_name: 'shop', dataset_id: shop, allowed_attributes: ['Gender'], attribute_restriction: true, intersection_only: true }));
    const catalog = expectOk(await loadCatalog(client, id, catalogAssembly(), new AbortController().signal));
    for (const query of ['SELECT COUNT() FROM shop', 'SELECT AGGREGATE(shop.Age) FROM shop INTERSECT shop']) {
      const flagged = collectDocumentProblems({ text: query, parsed: parseIql(query), targetProblems: [], catalog, collaboration: true, verdicts: new Map() }).filter((problem) =>
        problem.code.startsWith('iql.collaboration-'),
      );
      assert.equal(flagged.length, 1, query);
      const refused = await validateQuery(client, { query, collaboration_id: id });
      assert.ok(!refused.ok, `the emulator refuses ${query}`);
      assert.equal(refused.error.serviceMessage ?? refused.error.message, flagged[0].message);
    }
    expectOk(await validateQuery(client, { query: 'SELECT AGGREGATE(shop.Gender) FROM shop INTERSECT shop', collaboration_id: id }));
  });

  it('merges the playbook shape (activation and insight lists) with the 2.0 list, the 2.0 list last', () => {
    const rules = rulesByDataset({
      id: 'CLB.x',
      members: [],
      activation_datasets: [{ collaboration_dataset_name: 'ids', exportable_to_members: ['CMP.a'] }],
      insight_datasets: [{ collaboration_dataset_name: 'survey', attribute_restriction: true, allowed_attributes: ['Age'] }],
      datasets: [{ collaboration_dataset_name: 'survey', intersection_only: true }],
    });
    assert.deepEqual(rules.get('ids'), { collaboration_dataset_name: 'ids', exportable_to_members: ['CMP.a'], activation_allowed: true });
    assert.deepEqual(rules.get('survey'), { collaboration_dataset_name: 'survey', attribute_restriction: true, allowed_attributes: ['Age'], intersection_only: true });
  });
});
