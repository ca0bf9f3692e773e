import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findMissingBins, MAX_MISSING_BINS } from '../../../../client/src/webviews/missing-bins';

describe('findMissingBins', () => {
  const expected = [
    ['Female', 'Male', 'Other'],
    ['[18, 30)', '[30, 50)'],
  ];

  it('lists announced bins the result lacks, at every level, in the announced order', () => {
    const result = [
      { value: 'Female', dimensions: [{ value: '[18, 30)' }, { value: '[30, 50)' }] },
      { value: 'Male', dimensions: [{ value: '[30, 50)' }] },
    ];
    assert.deepEqual(findMissingBins(result, expected), [['Other'], ['Male', '[18, 30)']]);
  });

  it('lists nothing under a bin returned without deeper bins, nor for unannounced levels', () => {
    assert.deepEqual(findMissingBins([{ value: 'Female', dimensions: [] }, { value: 'Male' }, { value: 'Other' }], expected), []);
    assert.deepEqual(findMissingBins([{ value: 'Female' }], [[]]), []);
  });

  it('compares nothing when the result spells values the announcement does not have', () => {
    assert.deepEqual(findMissingBins([{ value: 'female' }], expected), []);
  });

  it('lists every top bin when the result has none, and stops at the cap', () => {
    assert.deepEqual(findMissingBins([], expected), [['Female'], ['Male'], ['Other']]);
    const many = Array.from({ length: MAX_MISSING_BINS + 50 }, (_, index) => String(index));
    assert.equal(findMissingBins([], [many]).length, MAX_MISSING_BINS);
  });
});
