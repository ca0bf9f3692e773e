/** The results page's Tabulator grid as a script of its own (see grid-api.ts). */
import type { GridApi } from './grid-api';
import { GRID_GLOBAL } from './grid-api';
import { drawResultGrid } from './result-grid';

const api: GridApi = { drawResultGrid };
(globalThis as Record<string, unknown>)[GRID_GLOBAL] = api;
