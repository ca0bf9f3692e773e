/**
 * The result grid with its code loaded on first use (grid-chunk.ts, through lazy-chunk.ts): a
 * ResultGrid at once, whose Tabulator grid is drawn as soon as the script has run (at once
 * after the first time). Until then it answers as the grid would before its first sort or
 * filter: the settings it was given, every row shown. A grid script that cannot be loaded is
 * said in the grid's place; the plain first rows stay on show.
 */
import type { ResultColumn, ResultRowView } from '../../../common/webview/results-view';
import { h } from '../shared/dom';
import type { GridApi } from './grid-api';
import { GRID_GLOBAL } from './grid-api';
import { loadChunk } from './lazy-chunk';
import type { GridOptions, GridSettings, ResultGrid } from './result-grid';

const NO_SETTINGS: GridSettings = { sorters: [], filters: [] };

/** Draws the grid of `rows` into `container` once the grid script of the page `root` has run. */
export function drawLazyResultGrid(root: HTMLElement, container: HTMLElement, columns: readonly ResultColumn[], rows: readonly ResultRowView[], options: GridOptions): ResultGrid {
  let grid: ResultGrid | undefined;
  let destroyed = false;
  let scrollTo: number | undefined;
  const built = loadChunk<GridApi>(root, 'grid', GRID_GLOBAL).then(
    (api) => {
      if (destroyed) return new Promise<void>(() => undefined);
      grid = api.drawResultGrid(container, columns, rows, options);
      if (scrollTo !== undefined) grid.scrollToRow(scrollTo);
      return grid.built;
    },
    (error: unknown) => {
      if (!destroyed) container.replaceChildren(h('p', { className: 'note grid-missing', text: `The sortable table could not be loaded: ${error instanceof Error ? error.message : String(error)}. Run the query again to retry.` }));
      // Never settles: the plain first rows stay in place of a grid that is not there.
      return new Promise<void>(() => undefined);
    },
  );
  return {
    built,
    settings: () => grid?.settings() ?? options.settings ?? NO_SETTINGS,
    shownRows: () => grid?.shownRows() ?? rows.flatMap((row, index) => (options.hideLeftOut && row.mark === 'missing' ? [] : [index])),
    scrollToRow: (index) => {
      if (grid) grid.scrollToRow(index);
      else scrollTo = index;
    },
    destroy: () => {
      destroyed = true;
      grid?.destroy();
    },
  };
}
