/**
 * The privacy thresholds of a plan in words, shared by the plan panel and the results panel.
 */
import type { ThresholdOutline } from '../../../common/plan/plan-outline';
import type { Fact } from '../../../common/webview/results-view';

/** One fact per threshold: its value, what it does, and each dataset's own threshold. */
export function describeThresholds(thresholds: readonly ThresholdOutline[]): Fact[] {
  return thresholds.map((threshold): Fact => {
    const perDataset = threshold.datasets.map((d) => `${d.dataset ?? '?'} ${d.threshold ?? '?'}`).join(', ');
    const effect = threshold.label === 'Redaction' ? 'Counts below it are left out of the result.' : 'Counts are rounded to the nearest multiple of it.';
    return {
      label: `${threshold.label} threshold`,
      value: threshold.threshold === undefined ? 'not stated' : String(threshold.threshold),
      detail: `${effect}${perDataset ? ` The highest of the datasets' own: ${perDataset}.` : ''}`,
    };
  });
}
