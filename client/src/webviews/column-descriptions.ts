/**
 * The hover of each results grid header: what the column holds, in the words of the language
 * reference (LANGUAGE.md §9: COUNT, bins, SUM/AVG, privacy) and the service's own descriptions
 * of the result's fields (the swagger's `sum`, `user_average`, `value_average`).
 */
import type { ResultColumn } from '../../../common/webview/results-view';

const MEASURES: Readonly<Record<string, string>> = {
  count:
    'Individuals: in the bin, or the whole audience for a query without dimensions. Counts below the redaction threshold are redacted and the others rounded to a multiple of the rounding threshold.',
  sum: "SUM: the total of the individuals' values of the category.",
  user_average: 'AVG per individual (user_average): the SUM divided by the number of unique individuals having a value.',
  value_average:
    'AVG per value (value_average): the SUM divided by the number of values that contributed to it. Where each individual contributes one value, it equals user_average.',
};

/** The header hover of a column called `title` of `kind`. */
export function describeResultColumn(title: string, kind: ResultColumn['kind']): string {
  if (kind === 'dimension') return `Bins of ${title}: one row per bin the service returned.`;
  return MEASURES[title] ?? `${title}, as the service returned it.`;
}
