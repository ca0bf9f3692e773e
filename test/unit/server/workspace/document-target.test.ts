import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseIql } from '../../../../language/src';
import { NO_PROFILES, profilesFromClient } from '../../../../service/src';
import { resolveDocumentTarget } from '../../../../server/src/workspace/document-target';
import { profileInfo } from '../server-fixture';

const PROFILES = profilesFromClient({
  profiles: [profileInfo('demo', 'http://127.0.0.1:1', 'key-1'), profileInfo('staging', 'http://127.0.0.1:2', 'key-2'), profileInfo('nokey', 'http://127.0.0.1:3')],
  defaultProfile: 'demo',
  serviceAllowed: true,
});

function resolveText(text: string, profiles = PROFILES): ReturnType<typeof resolveDocumentTarget> {
  return resolveDocumentTarget(parseIql(text).ast.directives, profiles);
}

describe('resolveDocumentTarget', () => {
  it('sends a document without directives to the default profile, with no problems', () => {
    const resolution = resolveText('SELECT COUNT() FROM Retail');
    assert.equal(resolution.kind, 'target');
    assert.equal(resolution.kind === 'target' && resolution.target.profile.name, 'demo');
    assert.deepEqual(resolution.problems, []);
  });

  it('follows @profile and @collaboration, and a collaboration is a target of its own', () => {
    const plain = resolveText('-- @profile staging\nSELECT COUNT() FROM Retail');
    const collaboration = resolveText('-- @profile staging\n-- @collaboration CLB.demo\nSELECT COUNT() FROM self');
    assert.ok(plain.kind === 'target' && collaboration.kind === 'target');
    assert.equal(plain.target.profile.name, 'staging');
    assert.equal(collaboration.target.collaborationId, 'CLB.demo');
    assert.deepEqual(collaboration.target.described, { profile: 'staging', collaboration: 'CLB.demo' });
    assert.notEqual(plain.target.key, collaboration.target.key);
    assert.equal(plain.target.profileKey, collaboration.target.profileKey);
  });

  it('turns an unknown @profile or an empty directive into a warning on the directive', () => {
    const text = '-- @profile stagin\nSELECT COUNT() FROM Retail';
    const resolution = resolveText(text);
    assert.equal(resolution.kind, 'offline');
    assert.deepEqual(resolution.problems.map((p) => p.code), ['iql.unknown-profile']);
    assert.match(resolution.problems[0]!.message, /Unknown profile 'stagin'\. Did you mean 'staging'\?/);
    assert.equal(text.slice(resolution.problems[0]!.span.start, resolution.problems[0]!.span.end), 'stagin');
    assert.deepEqual(resolveText('-- @collaboration\nSELECT COUNT() FROM Retail').problems.map((p) => p.code), ['iql.directive']);
  });

  it('is offline, without directive problems, when the profile has no key or nothing is configured', () => {
    const noKey = resolveText('-- @profile nokey\nSELECT COUNT() FROM Retail');
    assert.equal(noKey.kind, 'offline');
    assert.match(noKey.kind === 'offline' ? noKey.reason : '', /has no API key yet/);
    assert.deepEqual(noKey.problems, []);
    const nothing = resolveText('SELECT COUNT() FROM Retail', NO_PROFILES);
    assert.match(nothing.kind === 'offline' ? nothing.reason : '', /no connection is configured/i);
  });
});
