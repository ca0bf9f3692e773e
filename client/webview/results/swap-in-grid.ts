/**
 * Puts a run's rows on screen at once and the interactive grid in their place when it is ready:
 * the plain first rows (first-rows-table.ts) are drawn now, the Tabulator grid is built after
 * they are painted, hidden over them at the same size, and swapped in the task its rows are
 * built, keeping the row the user scrolled to and the page's scroll (no frame shows neither).
 * A redraw with the user's sort or filters builds the grid at once: plain rows in the view's
 * order would show the rows in an order the user did not ask for.
 */
import type { InsightView } from '../../../common/webview/results-view';
import { afterPaint } from '../shared/after-paint';
import { drawFirstRows } from './first-rows-table';
import { FIRST_ROWS_PAINTED, GRID_IN_PLACE, markMoment } from './page-marks';
import type { GridSettings, ResultGrid } from './result-grid';

export interface GridSwap {
  /** Settles once rows are on the page (at once with plain rows, else when the grid has built). */
  readonly rowsDrawn: Promise<void>;
  /** Settles once the grid is built and on show. */
  readonly gridInPlace: Promise<void>;
  /** The grid once it has built its rows (its sort and filters are the user's from then on). */
  builtGrid(): ResultGrid | undefined;
  /** Takes `grid` (built by the caller into the grid's host) as the grid from now on. */
  replace(grid: ResultGrid): void;
  /** Stops a grid build not started yet, drops the plain rows and destroys the grid. */
  destroy(): void;
}

export function swapInGrid(frame: HTMLElement, gridHost: HTMLElement, insight: InsightView, locale: string, settings: GridSettings | undefined, build: (settings: GridSettings | undefined) => ResultGrid): GridSwap {
  let grid: ResultGrid | undefined;
  let built: ResultGrid | undefined;
  let placed!: () => void;
  const gridInPlace = new Promise<void>((resolve) => (placed = resolve));
  const replace = (next: ResultGrid): void => {
    grid = next;
    built = undefined;
    void next.built.then(() => {
      if (grid !== next) return;
      built = next;
      placed();
    });
  };
  const destroyGrid = (): void => {
    grid?.destroy();
    grid = undefined;
    built = undefined;
  };
  if (settings && (settings.sorters.length > 0 || settings.filters.length > 0)) {
    replace(build(settings));
    return { rowsDrawn: gridInPlace, gridInPlace, builtGrid: () => built, replace, destroy: destroyGrid };
  }

  const plain = drawFirstRows(insight.columns, insight.rows, locale);
  frame.prepend(plain);
  gridHost.classList.add('grid-pending');
  let cancelled = false;
  const destroy = (): void => {
    cancelled = true;
    cancelBuild();
    plain.remove();
    gridHost.classList.remove('grid-pending');
    destroyGrid();
  };
  const cancelBuild = afterPaint(() => {
    markMoment(FIRST_ROWS_PAINTED);
    const building = build(settings);
    replace(building);
    void building.built.then(() => {
      if (cancelled || grid !== building) return;
      const firstShown = firstVisibleRow(plain);
      const page = document.scrollingElement;
      const pageTop = page?.scrollTop ?? 0;
      plain.remove();
      gridHost.classList.remove('grid-pending');
      if (firstShown > 0) building.scrollToRow(firstShown);
      if (page) page.scrollTop = pageTop;
      markMoment(GRID_IN_PLACE);
    });
  });
  return { rowsDrawn: Promise.resolve(), gridInPlace, builtGrid: () => built, replace, destroy };
}

/** The index of the first body row at the top of the plain table's scroll box (0 unscrolled). */
function firstVisibleRow(box: HTMLElement): number {
  if (box.scrollTop <= 0) return 0;
  const headerHeight = box.querySelector('thead')?.getBoundingClientRect().height ?? 0;
  const rows = Array.from(box.querySelectorAll('tbody tr'));
  const index = rows.findIndex((row) => (row as HTMLElement).offsetTop + (row as HTMLElement).offsetHeight > box.scrollTop + headerHeight);
  return Math.max(0, index);
}
