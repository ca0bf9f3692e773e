import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildStarterQuery } from '../../../../client/src/explorer/starter-query';

describe('buildStarterQuery', () => {
  test('writes the profile directive and a count of the dataset', () => {
    assert.equal(buildStarterQuery('Retail', { profile: 'demo' }), '-- @profile demo\nSELECT COUNT() FROM Retail\n');
  });

  test('adds the collaboration directive for a collaboration dataset', () => {
    assert.equal(
      buildStarterQuery('self', { profile: 'environment', collaboration: 'CLB.demo' }),
      '-- @profile environment\n-- @collaboration CLB.demo\nSELECT COUNT() FROM self\n',
    );
  });

  test('quotes names that are not plain identifiers or are keywords', () => {
    assert.equal(buildStarterQuery('Daily Courier', {}), 'SELECT COUNT() FROM "Daily Courier"\n');
    assert.equal(buildStarterQuery('Count', {}), 'SELECT COUNT() FROM "Count"\n');
    assert.equal(buildStarterQuery('say "hi"', {}), 'SELECT COUNT() FROM "say ""hi"""\n');
  });

  test('suggests a breakdown by a category in a comment', () => {
    assert.equal(buildStarterQuery('Retail', {}, 'Personal Income'), '-- Break it down: SELECT AGGREGATE(Retail."Personal Income") FROM Retail\nSELECT COUNT() FROM Retail\n');
  });
});
