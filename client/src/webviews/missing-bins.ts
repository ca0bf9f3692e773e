/**
 * The bins a result leaves out. The service lists no bin below the redaction threshold and no
 * empty bin (LANGUAGE.md §9, emulator/src/engine/README.md), so a bin the plan announced and
 * the result lacks was redacted or held no one — the service does not say which. Knowing them
 * lets the results panel mark them instead of letting them silently vanish.
 */
import type { QueryDimension } from '../../../common/api';

/** The most missing bins listed; a larger cross-tabulation is summarised by the notes instead. */
export const MAX_MISSING_BINS = 500;

/**
 * The paths (bin values from the first dimension down to the missing bin) of every bin that
 * `expected[level]` announces and the result does not hold, in the announced order. A level
 * whose announced bins are unknown (empty) is skipped, and so is a group of bins holding a value
 * the announcement lacks: then the two spell values differently and a comparison would lie.
 * Bins below a bin returned without deeper bins are not listed (that row says so itself).
 * At most `MAX_MISSING_BINS` paths. Pure; never throws.
 */
export function findMissingBins(dimensions: readonly QueryDimension[], expected: readonly (readonly string[])[]): string[][] {
  const missing: string[][] = [];
  const visit = (bins: readonly QueryDimension[], level: number, above: readonly string[]): void => {
    if (missing.length >= MAX_MISSING_BINS) return;
    const announced = expected[level] ?? [];
    const present = new Set(bins.map((bin) => bin.value ?? ''));
    if (announced.length > 0 && [...present].every((value) => announced.includes(value))) {
      for (const value of announced) {
        if (missing.length >= MAX_MISSING_BINS) return;
        if (!present.has(value)) missing.push([...above, value]);
      }
    }
    for (const bin of bins) {
      if (Array.isArray(bin.dimensions) && bin.dimensions.length > 0) visit(bin.dimensions, level + 1, [...above, bin.value ?? '']);
    }
  };
  visit(Array.isArray(dimensions) ? dimensions : [], 0, []);
  return missing;
}
