import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeQualityMeasures, formatMeasure } from '../../../../client/src/webviews/quality-measures';

describe('describeQualityMeasures', () => {
  it('explains each measure present, in a fixed order, in words', () => {
    const described = describeQualityMeasures({
      dimensions: [],
      quality_measures: { model_accuracy: 1, redaction_threshold_outlier: 0.009, sum_confidence_score: 0.8, result_precision_exclude_empty_bins: 0.5 },
    });
    assert.deepEqual(described.map((measure) => [measure.field, measure.value]), [
      ['redaction_threshold_outlier', '0.9%'],
      ['model_accuracy', '100%'],
      ['result_precision_exclude_empty_bins', '50%'],
      ['sum_confidence_score', '80%'],
    ]);
    assert.match(described[0].explanation, /below the redaction threshold/);
    assert.match(described[1].explanation, /exact counts/);
  });

  it('is empty without measures and ignores values that are not numbers', () => {
    assert.deepEqual(describeQualityMeasures({ dimensions: [] }), []);
    assert.deepEqual(describeQualityMeasures({ dimensions: [], quality_measures: { model_accuracy: Number.NaN } }), []);
  });
});

describe('formatMeasure', () => {
  it('writes shares as percentages and other numbers as they are', () => {
    assert.equal(formatMeasure(0), '0%');
    assert.equal(formatMeasure(0.0004), '<0.1%');
    assert.equal(formatMeasure(0.0125), '1.25%');
    assert.equal(formatMeasure(0.25), '25%');
    assert.equal(formatMeasure(0.333), '33.3%');
    assert.equal(formatMeasure(1), '100%');
    assert.equal(formatMeasure(3.5), '3.5');
  });
});
