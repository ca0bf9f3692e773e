import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { profilesFromEnvironment } from '../../../service/src/profile-registry';
import { resolveTarget, type ServiceTarget } from '../../../service/src/service-target';

function targetWith(apiKey: string, collaboration?: string): ServiceTarget {
  const resolution = resolveTarget(collaboration ? { collaboration } : {}, profilesFromEnvironment({ IQL_BASE_URL: 'http://127.0.0.1:9', IQL_API_KEY: apiKey }));
  assert.equal(resolution.kind, 'target');
  return resolution.target;
}

describe('service targets', () => {
  it('are the same target for the same key, another for another key, and never carry the key', () => {
    const first = targetWith('key-identity-one');
    const again = targetWith('key-identity-one');
    const other = targetWith('key-identity-two');
    assert.equal(again.key, first.key);
    assert.equal(again.profileKey, first.profileKey);
    assert.notEqual(other.key, first.key);
    assert.notEqual(other.profileKey, first.profileKey);
    for (const target of [first, other]) {
      assert.doesNotMatch(target.key, /key-identity/);
      assert.doesNotMatch(target.profileKey, /key-identity/);
    }
  });

  it('are told apart by collaboration, the profile staying one', () => {
    const plain = targetWith('key-identity-one');
    const inCollaboration = targetWith('key-identity-one', 'collab-7');
    assert.notEqual(inCollaboration.key, plain.key);
    assert.equal(inCollaboration.profileKey, plain.profileKey);
    assert.equal(inCollaboration.collaborationId, 'collab-7');
  });
});
