/**
 * What the results page's grid script (grid-chunk.ts, its own bundle) hands the page once it
 * has run: Tabulator is most of the page's code, and the page draws a run's first rows as a
 * plain table before the grid is built anyway, so the grid's code is loaded after that paint
 * (lazy-grid.ts) instead of being parsed before the page can draw anything.
 */
import type { drawResultGrid } from './result-grid';

export interface GridApi {
  readonly drawResultGrid: typeof drawResultGrid;
}

/** The page-global name under which the grid script leaves its API. */
export const GRID_GLOBAL = '__iqlResultGrid';
