import { hostileHoverScenario, planHoverScenario } from './hover-scenarios';
import type { UiScenario } from './ui-scenario';

/** Every browser-side scenario, in the order they run. Add new ones here. */
export const UI_SCENARIOS: readonly UiScenario[] = [planHoverScenario, hostileHoverScenario];
