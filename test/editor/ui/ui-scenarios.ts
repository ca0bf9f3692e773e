import { explorerScenario, hostileTreeScenario } from './explorer-scenarios';
import { hostileHoverScenario, planHoverScenario } from './hover-scenarios';
import type { UiScenario } from './ui-scenario';
import { hostilePlanScenario, hostileResultsScenario, planScenario, resultsScenario } from './webview-scenarios';

/** Every browser-side scenario, in the order they run. Add new ones here. */
export const UI_SCENARIOS: readonly UiScenario[] = [
  planHoverScenario,
  hostileHoverScenario,
  explorerScenario,
  hostileTreeScenario,
  resultsScenario,
  planScenario,
  hostileResultsScenario,
  hostilePlanScenario,
];
