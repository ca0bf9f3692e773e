import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isRedacted, privacyRulesOf, reportedAudience, roundCount } from '../../../../emulator/src/engine/privacy';
import { bank, retail, withThresholds } from './engine-fixtures';

describe('privacyRulesOf', () => {
  it('takes the highest thresholds among the named datasets and lists each', () => {
    const rules = privacyRulesOf([withThresholds(retail, 2, 10), withThresholds(bank, 5, 3)]);
    assert.equal(rules.redactionThreshold, 5);
    assert.equal(rules.roundingThreshold, 10);
    assert.deepEqual(rules.redactionByDataset, [
      { name: 'Retail', threshold: 2 },
      { name: 'Bank', threshold: 5 },
    ]);
  });
});

describe('roundCount and redaction', () => {
  const rules = (redaction: number, rounding: number) => privacyRulesOf([withThresholds(retail, redaction, rounding)]);

  it('rounds to the nearest multiple, halves up', () => {
    assert.equal(roundCount(7, rules(0, 5)), 5);
    assert.equal(roundCount(8, rules(0, 5)), 10);
    assert.equal(roundCount(5, rules(0, 10)), 10, 'a half rounds up');
    assert.equal(roundCount(4, rules(0, 10)), 0);
    assert.equal(roundCount(3, rules(0, 2)), 4);
    assert.equal(roundCount(3, rules(0, 1)), 3, 'threshold 1 means no rounding');
    assert.equal(roundCount(3, rules(0, 0)), 3);
  });

  it('redacts counts below the threshold and reports such an audience as 0', () => {
    assert.equal(isRedacted(9, rules(10, 0)), true);
    assert.equal(isRedacted(10, rules(10, 0)), false);
    assert.equal(reportedAudience(9, rules(10, 5)), 0);
    assert.equal(reportedAudience(12, rules(10, 5)), 10);
  });
});
