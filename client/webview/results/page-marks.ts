/**
 * The results page's performance marks: moments on the page's own clock that the editor bench
 * reads (bench/editor.bench.ts), so that a run's phases are timed where they happen instead of
 * when a test driver polling from outside notices them. Each mark names the page's last such
 * moment only.
 */

/** The page's script has started (its bundle parsed and its modules evaluated). */
export const PAGE_SCRIPT_STARTED = 'iql-results-script-started';
/** A run's first rows are painted (the plain table drawn before the grid). */
export const FIRST_ROWS_PAINTED = 'iql-results-first-rows-painted';
/** The sortable grid has taken the place of the first rows. */
export const GRID_IN_PLACE = 'iql-results-grid-in-place';

export function markMoment(name: string): void {
  performance.clearMarks(name);
  performance.mark(name);
}
