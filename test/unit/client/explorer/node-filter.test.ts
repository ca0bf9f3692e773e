import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { collaborationFilterFields, datasetFilterFields, matchesFilter, normalizeFilter } from '../../../../client/src/explorer/node-filter';

describe('matchesFilter', () => {
  test('an empty filter matches everything', () => {
    assert.equal(matchesFilter('', []), true);
    assert.equal(normalizeFilter('   '), '');
    assert.equal(normalizeFilter(undefined), '');
  });

  test('matches a substring of any field, ignoring case', () => {
    const fields = datasetFilterFields({ private_id: 'Publisher1', public_name: 'Daily Courier readers' });
    assert.equal(matchesFilter('courier', fields), true);
    assert.equal(matchesFilter('PUB', fields), true);
    assert.equal(matchesFilter('bank', fields), false);
  });

  test('collaborations match on name and ID', () => {
    const fields = collaborationFilterFields({ id: 'CLB.demo', name: 'Retail x Publisher', members: [] });
    assert.equal(matchesFilter('clb.d', fields), true);
    assert.equal(matchesFilter('x pub', fields), true);
    assert.equal(matchesFilter('finance', fields), false);
  });
});
