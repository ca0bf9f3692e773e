/**
 * Driving the workbench with the keyboard, as a user would. Every step waits on something
 * visible (a list row, a tab, a hover) instead of sleeping.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { Frame, Locator, Page } from 'playwright-core';

const STEP_TIMEOUT_MS = 15_000;

/** Waits until the workbench has laid out its editor area and status bar. */
export async function waitForWorkbench(page: Page, timeoutMs = 60_000): Promise<void> {
  await page.locator('.monaco-workbench .part.editor').waitFor({ state: 'visible', timeout: timeoutMs });
  await page.locator('.monaco-workbench .part.statusbar').waitFor({ state: 'visible', timeout: timeoutMs });
}

/**
 * Opens a workspace file through Quick Open (Ctrl+P) and waits until its editor has focus;
 * `toSide`: in the editor group to the side of the active one (Ctrl+Enter in Quick Open).
 */
export async function openFileByName(page: Page, name: string, options: { toSide?: boolean } = {}): Promise<void> {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
  await input.fill(name);
  // Enter opens the focused row: wait for the filtered list, not for a recently opened file above it.
  await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: name }).first().waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.keyboard.press(options.toSide === true ? 'Control+Enter' : 'Enter');
  await page.locator('.tabs-container .tab.active', { hasText: name }).waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.locator('.editor-instance .monaco-editor.focused').waitFor({ timeout: STEP_TIMEOUT_MS });
}

/** Runs a command by its title from the command palette (F1). */
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
  await input.fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
}

/**
 * Shows the hover at the cursor (`editor.action.showHover` from the palette) until one whose
 * text matches `pattern` is visible, and resolves with it. The first attempts may come before
 * the language server has the catalog or the plan; each retry closes the hover and asks again.
 */
export async function showHoverMatching(page: Page, pattern: RegExp, timeoutMs = 45_000): Promise<Locator> {
  const deadline = Date.now() + timeoutMs;
  const hover = page.locator('.monaco-editor .monaco-hover-content').filter({ hasText: pattern }).first();
  for (let attempt = 1; ; attempt++) {
    await runCommand(page, 'Show or Focus Hover');
    try {
      await hover.waitFor({ state: 'visible', timeout: Math.max(1, Math.min(2_000, deadline - Date.now())) });
      return hover;
    } catch (error) {
      if (Date.now() >= deadline) {
        const shown = await page.locator('.monaco-editor .monaco-hover-content').allInnerTexts();
        throw new Error(`no hover matching ${pattern} within ${timeoutMs} ms; hovers shown: ${JSON.stringify(shown)}`, { cause: error });
      }
      await page.keyboard.press('Escape');
    }
  }
}

/**
 * The frame of an open webview whose document has an element matching `selector`, e.g.
 * `waitForWebviewFrame(page, 'table.results')`. Webviews are two nested iframes served from
 * `…/contrib/webview/browser/pre/`: an outer host frame and the inner frame holding the
 * extension's HTML (id `pending-frame`, then `active-frame`). Searching every such frame for
 * the selector avoids depending on which of the two carries it. Rejects after `timeoutMs`.
 */
export async function waitForWebviewFrame(page: Page, selector: string, timeoutMs = 20_000): Promise<Frame> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const frame of page.frames()) {
      if (frame === page.mainFrame() || !frame.url().includes('/webview/')) continue;
      const count = await frame.locator(selector).count().catch(() => 0);
      if (count > 0) return frame;
    }
    if (Date.now() >= deadline) throw new Error(`no webview showed '${selector}' within ${timeoutMs} ms`);
    await delay(200);
  }
}

/**
 * Opens the Clean Room view container from its activity bar icon (left as it is when already
 * open: a second click would close it) and waits for its Datasets view.
 */
export async function showCleanRoom(page: Page): Promise<void> {
  const icon = page.locator('.activitybar .action-item', { has: page.locator('.action-label[aria-label="Clean Room"]') });
  await icon.waitFor({ timeout: STEP_TIMEOUT_MS });
  if (!/\bchecked\b/.test((await icon.getAttribute('class')) ?? '')) await icon.click();
  // The header, not the body: an earlier scenario may have left the Datasets view collapsed.
  await viewPane(page, 'Datasets').locator('.pane-header').waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
}

/**
 * Leaves view `title` the only open pane of the Clean Room side bar, so that it has the whole
 * height: a tree's rows outside its pane are not drawn, and how the panes share the height
 * depends on what earlier scenarios did with them.
 */
export async function soloPane(page: Page, title: string): Promise<void> {
  const headers = page.locator('.part.sidebar .pane-header');
  const count = await headers.count();
  for (let index = 0; index < count; index += 1) {
    const header = headers.nth(index);
    const name = ((await header.locator('h3.title').textContent()) ?? '').trim().toLowerCase();
    const open = (await header.getAttribute('aria-expanded')) === 'true';
    if ((name === title.toLowerCase()) !== open) await header.click();
  }
  await viewPane(page, title).locator('.pane-body').waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
}

/** The pane of the side bar view titled `title` (e.g. `Datasets`). */
export function viewPane(page: Page, title: string): Locator {
  return page.locator('.pane', { has: page.locator('.pane-header h3.title', { hasText: new RegExp(`^${escapeRegExp(title)}$`, 'i') }) });
}

/** The row of the tree in view `view` whose label (not its description) is exactly `label`. */
export function treeRow(page: Page, view: string, label: string): Locator {
  return viewPane(page, view)
    .locator('.monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }) });
}

/** Expands a tree row by its twistie, unless it is expanded already, and waits until it is. */
export async function expandTreeRow(row: Locator): Promise<void> {
  await row.waitFor({ timeout: STEP_TIMEOUT_MS });
  const expanded = row.and(row.page().locator('[aria-expanded="true"]'));
  // A view still settling (its roots reloaded as the active editor's target arrives) can
  // redraw the row under the click and drop it: click again until the row stays open.
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  for (;;) {
    if ((await row.getAttribute('aria-expanded')) !== 'true') await row.locator('.monaco-tl-twistie').click();
    try {
      await expanded.waitFor({ timeout: 3_000 });
      return;
    } catch (error) {
      if (Date.now() >= deadline) throw error;
    }
  }
}

/**
 * Waits until the language server's code lens (`Run | Explain | Validate`) shows in the active
 * editor: the server then has the document, so a Run or Explain pressed now reaches it.
 */
export async function waitForQueryCodeLens(page: Page, timeoutMs = 45_000): Promise<void> {
  await page.locator('.editor-instance .monaco-editor .codelens-decoration', { hasText: 'Run' }).first().waitFor({ timeout: timeoutMs });
}

/** Closes the primary side bar (for a wider editor area) unless it is closed already. */
export async function hideSideBar(page: Page): Promise<void> {
  if (!(await page.locator('.monaco-workbench .part.sidebar').isVisible())) return;
  await runCommand(page, 'View: Close Primary Side Bar');
  await page.locator('.monaco-workbench .part.sidebar').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
