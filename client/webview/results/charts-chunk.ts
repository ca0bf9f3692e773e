/** The results page's charts as a script of their own (see charts-api.ts). */
import type { ChartsApi } from './charts-api';
import { CHARTS_GLOBAL } from './charts-api';
import { drawDimensionChart } from './dimension-chart';

const api: ChartsApi = { drawDimensionChart };
(globalThis as Record<string, unknown>)[CHARTS_GLOBAL] = api;
