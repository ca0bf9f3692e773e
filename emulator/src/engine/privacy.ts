/**
 * Redaction and rounding (LANGUAGE.md §9, "Privacy"). A query is as strict as the strictest
 * dataset it names.
 */
import type { EngineDataset } from './model';

export interface DatasetThreshold {
  readonly name: string;
  readonly threshold: number;
}

export interface PrivacyRules {
  /** Counts below this are redacted (0: nothing is). */
  readonly redactionThreshold: number;
  /** Counts are rounded to a multiple of this (0 or 1: no rounding). */
  readonly roundingThreshold: number;
  readonly redactionByDataset: readonly DatasetThreshold[];
  readonly roundingByDataset: readonly DatasetThreshold[];
}

function sanitize(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** The rules of a query: the highest thresholds among the datasets it names. */
export function privacyRulesOf(datasets: readonly EngineDataset[]): PrivacyRules {
  const redactionByDataset = datasets.map((dataset) => ({ name: dataset.name, threshold: sanitize(dataset.redactionThreshold) }));
  const roundingByDataset = datasets.map((dataset) => ({ name: dataset.name, threshold: sanitize(dataset.roundingThreshold) }));
  return {
    redactionThreshold: Math.max(0, ...redactionByDataset.map((entry) => entry.threshold)),
    roundingThreshold: Math.max(0, ...roundingByDataset.map((entry) => entry.threshold)),
    redactionByDataset,
    roundingByDataset,
  };
}

/** True when `count` must not be shown. */
export function isRedacted(count: number, rules: PrivacyRules): boolean {
  return count < rules.redactionThreshold;
}

/** `count` rounded to the nearest multiple of the rounding threshold, halves up. */
export function roundCount(count: number, rules: PrivacyRules): number {
  const step = rules.roundingThreshold;
  if (step <= 1) return count;
  return Math.floor((2 * count + step) / (2 * step)) * step;
}

/** The audience as reported: 0 when redacted, else rounded. */
export function reportedAudience(count: number, rules: PrivacyRules): number {
  return isRedacted(count, rules) ? 0 : roundCount(count, rules);
}
