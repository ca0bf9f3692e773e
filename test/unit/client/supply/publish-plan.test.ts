import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bucketOf, describeRole, freeNameBase, guessRole, isLocalService, newPrivateIdProblem, normalizerConfigOf, privateIdProblem, publicNameProblem } from '../../../../client/src/supply/publish-plan';

const SCHEMA = { keys: [{ id: 1, name: 'device_id' }, { id: 2, name: 'email' }], categories: ['Age', 'Credit Score', 'Gender'] };

describe('Publish a Dataset from Files…: the plan', () => {
  it('reads a workspace folder as a bucket and a prefix of the emulator sources', () => {
    assert.deepEqual(bucketOf('/w/project', '/w/project/club-files/exports/2026'), { bucket: 'club-files', prefix: 'exports/2026' });
    assert.deepEqual(bucketOf('/w/project/', '/w/project/club-files'), { bucket: 'club-files', prefix: '' });
    assert.equal(bucketOf('/w/project', '/w/project'), undefined, 'a bucket needs a name');
    assert.equal(bucketOf('/w/project', '/w/projectile/files'), undefined, 'a sibling folder is not inside');
    assert.deepEqual(bucketOf('C:\\w\\p', 'C:\\w\\p\\files\\in'), { bucket: 'files', prefix: 'in' });
  });

  it('guesses each column by name, any case and punctuation, else keeps it for export', () => {
    assert.deepEqual(guessRole('E-mail', SCHEMA), { kind: 'key', id: 2, name: 'email' });
    assert.deepEqual(guessRole('DEVICE_ID', SCHEMA), { kind: 'key', id: 1, name: 'device_id' });
    assert.deepEqual(guessRole('credit score', SCHEMA), { kind: 'category', name: 'Credit Score' });
    assert.deepEqual(guessRole('Member', SCHEMA), { kind: 'export' });
    assert.equal(describeRole({ kind: 'key', id: 2, name: 'email' }), 'Key: email');
    assert.equal(describeRole({ kind: 'skip' }), 'Leave out');
  });

  it('makes the normalizer config of a mapping: keys trimmed and lower-cased', () => {
    const config = normalizerConfigOf([
      { column: 'Email', role: { kind: 'key', id: 2, name: 'email' } },
      { column: 'Sex', role: { kind: 'category', name: 'Gender' } },
      { column: 'Member', role: { kind: 'export' } },
    ]);
    assert.deepEqual(config, {
      keys: [{ input_column: 'Email', global_schema_id: 2, functions: [{ name: 'trim' }, { name: 'lowercase' }] }],
      categories: [{ input_column: 'Sex', output_column: 'Gender' }],
      export_columns: [{ input_column: 'Member', output_column: 'Member' }],
    });
  });

  it("checks a dataset's names as §8 limits them", () => {
    assert.equal(privateIdProblem('Members2026'), undefined);
    assert.match(privateIdProblem('Club_members') ?? '', /letters or digits/);
    assert.match(privateIdProblem('A'.repeat(18)) ?? '', /1 to 17/);
    assert.equal(publicNameProblem('Club members - 2026'), undefined);
    assert.match(publicNameProblem('Clüb') ?? '', /letters, digits/);
  });
});

describe('a folder of the workspace as the source', () => {
  it('is offered only when the service runs on this machine', () => {
    assert.equal(isLocalService('http://127.0.0.1:43211'), true);
    assert.equal(isLocalService('http://localhost:8080/'), true);
    assert.equal(isLocalService('https://api.cleanroom.example'), false);
    assert.equal(isLocalService('not a url'), false);
  });
});

describe('the names a second run of the wizard gives', () => {
  it('keeps the public name while it is free, else the first number whose every name is free, any case', () => {
    assert.equal(freeNameBase('Club members', ['Other vault']), 'Club members');
    assert.equal(freeNameBase('Club members', ['club MEMBERS']), 'Club members 2');
    assert.equal(freeNameBase('Club members', ['Club members 2 import', 'Club members files']), 'Club members 3');
  });
  it('refuses a private ID a dataset of the company has, after the §8 rule', () => {
    const taken = new Set(['members']);
    assert.match(newPrivateIdProblem('Members', taken) ?? '', /A dataset named Members exists already/);
    assert.equal(newPrivateIdProblem('Members2', taken), undefined);
    assert.match(newPrivateIdProblem('Mem bers', taken) ?? '', /letters or digits/);
  });
});
