/**
 * The Automations view's tree, for the editor test suite (which sees the extension only
 * through its exports), attached as explorer-access.ts attaches the explorer's: under a
 * registry symbol both bundles can name, enumerable so that a spread copy keeps it.
 */
import type { AutomationsTree } from './automations-tree';

const AUTOMATIONS_KEY = Symbol.for('iql.automations');

export function attachAutomations(services: object, tree: AutomationsTree): void {
  Object.defineProperty(services, AUTOMATIONS_KEY, { value: tree, enumerable: true, configurable: true });
}

/** The Automations tree, from the extension's exports; undefined when it is not there. Never throws. */
export function automationsOf(services: unknown): AutomationsTree | undefined {
  if (typeof services !== 'object' || services === null) return undefined;
  return (services as { [AUTOMATIONS_KEY]?: AutomationsTree })[AUTOMATIONS_KEY];
}
