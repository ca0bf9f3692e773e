/** Loads the charts script (charts-chunk.ts) once, when a result first has charts to draw. */
import { loadChunk } from './lazy-chunk';
import type { ChartsApi } from './charts-api';
import { CHARTS_GLOBAL } from './charts-api';

/** The charts API, loading its script on the first call; rejects when it cannot be loaded (a later call tries again). */
export function loadCharts(root: HTMLElement): Promise<ChartsApi> {
  return loadChunk<ChartsApi>(root, 'charts', CHARTS_GLOBAL);
}
