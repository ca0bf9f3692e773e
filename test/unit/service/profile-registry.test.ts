import assert from 'node:assert/strict';
import { test } from 'node:test';
import { profilesFromClient, profilesFromEnvironment } from '../../../service/src/profile-registry';
import { resolveDocumentTarget } from '../../../server/src/workspace/document-target';

const profile = { name: 'staging', baseUrl: 'https://staging.example', apiKey: 'k' };

test("the client's default collaboration is every undirected document's collaboration", () => {
  const profiles = profilesFromClient({ profiles: [profile], defaultProfile: 'staging', defaultCollaboration: 'CLB.demo', serviceAllowed: true });
  const resolution = resolveDocumentTarget([], profiles);
  assert.equal(resolution.kind, 'target');
  assert.deepEqual(resolution.kind === 'target' && resolution.target.described, { profile: 'staging', collaboration: 'CLB.demo' });
  assert.equal(resolution.kind === 'target' && resolution.target.collaborationId, 'CLB.demo');
});

test('without a default collaboration the client and the environment agree: none', () => {
  const fromClient = resolveDocumentTarget([], profilesFromClient({ profiles: [profile], defaultProfile: 'staging', serviceAllowed: true }));
  const fromEnvironment = resolveDocumentTarget([], profilesFromEnvironment({ IQL_BASE_URL: 'https://staging.example', IQL_API_KEY: 'k' }));
  assert.equal(fromClient.kind === 'target' && fromClient.target.collaborationId, undefined);
  assert.equal(fromEnvironment.kind === 'target' && fromEnvironment.target.collaborationId, undefined);
});
