import { test } from 'node:test';
import assert from 'node:assert/strict';
import { didYouMean, suggestNames } from '../../../../language/src/catalog/suggest';

test('a different letter case is the nearest miss, then edit distance', () => {
  assert.deepEqual(suggestNames('category1', ['Category12', 'Category1', 'Region']), ['Category1', 'Category12']);
});

test('equally close names come in character order (capitals first), the same on every machine', () => {
  assert.deepEqual(suggestNames('Categoryx', ['Categoryb', 'Categorya', 'CategoryA']), ['CategoryA', 'Categorya', 'Categoryb']);
});

test('names too far away are not suggested; a long prefix still is', () => {
  assert.deepEqual(suggestNames('Age', ['Income', 'Region']), []);
  assert.deepEqual(suggestNames('Inc', ['Income band', 'Region']), ['Income band']);
  assert.equal(didYouMean(['A', 'B', 'C']), " Did you mean 'A', 'B' or 'C'?");
});
