/**
 * The quality measures of an insight result, explained in words. Their meaning comes from the
 * service's reference (seed 000: the field list) and LANGUAGE.md §9 (the redacted share); where
 * the reference says no more than the name, the sentence says what the name states and no more.
 */
import type { QueryResult } from '../../../common/api';
import type { QualityMeasureView } from '../../../common/webview/results-view';

type QualityField = keyof NonNullable<QueryResult['quality_measures']>;

const DESCRIPTIONS: readonly { field: QualityField; label: string; explanation: string }[] = [
  {
    field: 'redaction_threshold_outlier',
    label: 'Redacted share',
    explanation:
      'The share of the audience counted in bins below the redaction threshold. The service leaves those bins out, so the rows shown add up to less than the audience.',
  },
  {
    field: 'rounding_threshold_outlier',
    label: 'Rounding share',
    explanation:
      'The share of the audience the service reports as affected by rounding. Every count shown is rounded to a multiple of the rounding threshold, so small counts carry the largest relative error.',
  },
  {
    field: 'model_accuracy',
    label: 'Accuracy',
    explanation: 'How exact the counts are before the privacy rules apply: 100% means exact counts; less means the service estimated them (for example on a sample).',
  },
  {
    field: 'result_precision_include_empty_bins',
    label: 'Precision, empty bins included',
    explanation: "The service's estimate of the result's precision over every bin of the dimensions, bins with no one in them included.",
  },
  {
    field: 'result_precision_exclude_empty_bins',
    label: 'Precision, empty bins excluded',
    explanation: "The service's estimate of the result's precision over the bins that hold someone.",
  },
  {
    field: 'sum_confidence_score',
    label: 'Confidence in SUM/AVG',
    explanation: "The service's confidence in the sum and averages of this result.",
  },
];

/**
 * One entry per quality measure present in `result`, in a fixed order, with its value formatted
 * (a share from 0 to 1 as a percentage) and its explanation. Never throws; ignores non-numbers.
 */
export function describeQualityMeasures(result: QueryResult): QualityMeasureView[] {
  const measures = result.quality_measures;
  if (!measures || typeof measures !== 'object') return [];
  const described: QualityMeasureView[] = [];
  for (const { field, label, explanation } of DESCRIPTIONS) {
    const value = measures[field];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    described.push({ field, label, value: formatMeasure(value), explanation });
  }
  return described;
}

/** A share as a percentage (small non-zero shares keep a decimal); other numbers as they are. */
export function formatMeasure(value: number): string {
  if (value < 0 || value > 1) return String(value);
  const percent = value * 100;
  if (percent === 0 || percent === 100) return `${percent}%`;
  if (percent < 0.1) return '<0.1%';
  return `${percent >= 10 ? percent.toFixed(1).replace(/\.0$/, '') : percent.toFixed(2).replace(/0$/, '')}%`;
}
