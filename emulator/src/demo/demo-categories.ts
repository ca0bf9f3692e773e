/**
 * Category definitions shared by several demo datasets, in catalog.json form.
 */
import type { CatalogInput } from '../data/catalog-schema';
import { CREDIT_SCORE_BANDS, FIVE_YEAR_BINS, INCOME_BANDS, TEN_YEAR_BINS } from './demo-vocabulary';

export type CategoryInput = NonNullable<CatalogInput['datasets'][number]['categories']>[number];

/** Age in years, with the raw value as default and two binned representations. */
export function ageCategory(): CategoryInput {
  return {
    label: 'Age',
    data_type: 'INTEGERS',
    representations: [
      { label: 'Age' },
      { label: 'Five Year Bins', bins: FIVE_YEAR_BINS },
      { label: 'Ten Year Bins', bins: TEN_YEAR_BINS },
    ],
  };
}

/** A string category whose single representation has the same label and lists its values. */
export function stringCategory(label: string, values: readonly string[]): CategoryInput {
  return { label, data_type: 'STRINGS', representations: [{ label, possible_values: [...values] }] };
}

/** A string category with too many values to list (e.g. newspaper sections). */
export function openStringCategory(label: string): CategoryInput {
  return { label, data_type: 'STRINGS', representations: [{ label }] };
}

/** An income in pounds: the raw value under `rawLabel`, plus income bands. */
export function incomeCategory(label: string, rawLabel: string): CategoryInput {
  return {
    label,
    data_type: 'INTEGERS',
    representations: [{ label: rawLabel }, { label: 'Income Bands', bins: INCOME_BANDS }],
  };
}

export function creditScoreCategory(): CategoryInput {
  return {
    label: 'Credit Score',
    data_type: 'INTEGERS',
    representations: [{ label: 'Credit Score' }, { label: 'Score Bands', bins: CREDIT_SCORE_BANDS }],
  };
}

export function integerCategory(label: string): CategoryInput {
  return { label, data_type: 'INTEGERS', representations: [{ label }] };
}

export function floatCategory(label: string): CategoryInput {
  return { label, data_type: 'FLOAT', representations: [{ label }] };
}

/** Dates written 'YYYY-MM-DD'; compared as strings, as the language says. */
export function dateCategory(label: string): CategoryInput {
  return { label, data_type: 'TIMESTAMP', representations: [{ label }] };
}
