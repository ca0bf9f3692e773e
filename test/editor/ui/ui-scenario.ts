import type { Page } from 'playwright-core';

/**
 * One scenario driven from the browser side: files it needs in the workspace, and steps that
 * use the page (keyboard, DOM, screenshots). Scenarios run one after another in one workbench
 * that loads the extension under development; each starts with no editor open.
 */
export interface UiScenario {
  readonly name: string;
  /** Files written into the workspace before the workbench opens, by name. */
  readonly files: Readonly<Record<string, string>>;
  run(page: Page, context: UiScenarioContext): Promise<void>;
}

export interface UiScenarioContext {
  /** Saves a screenshot of the whole page as `<outputDir>/<name>.png`. */
  screenshot(name: string): Promise<void>;
  log(line: string): void;
}
