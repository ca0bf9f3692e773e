/**
 * The results and plan webviews seen in the browser: a demo query run with Ctrl+Enter and
 * explained with Ctrl+Alt+E (both kept as screenshots), and the hostile dataset's name shown as
 * characters in both pages, with the runner's script watch proven to hear them.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { HOSTILE_DATASET } from '../hostile-dataset';
import { demoFiles } from './demo-files';
import { assertNoMarkupMade, assertScriptWatchHears } from './text-only';
import type { UiScenario } from './ui-scenario';
import { hideSideBar, openFileByName, waitForQueryCodeLens, waitForWebviewFrame, waitForWorkbench } from './workbench';

/** Runs and explains wait this long: the first run of a window also loads the catalog. */
const RUN_TIMEOUT_MS = 45_000;
const NAME = HOSTILE_DATASET.publicName;
/** Names the hostile dataset by its public name: the emulator refuses it and says which name. */
const HOSTILE_BY_NAME = `SELECT COUNT() FROM "${NAME}"`;
/** Runs over the hostile dataset with its name in a filter value, which the plan echoes. */
const HOSTILE_FILTERED = `SELECT COUNT() FROM ${HOSTILE_DATASET.privateId} INTERSECT Retail\nWHERE Retail.Region = '${NAME}'`;

/** Opens `file`, puts the cursor on its first query line, and waits until the server has it. */
async function openQuery(page: Page, file: string, line: number): Promise<void> {
  await openFileByName(page, file);
  await page.keyboard.press('Control+Home');
  for (let i = 1; i < line; i++) await page.keyboard.press('ArrowDown');
  await waitForQueryCodeLens(page);
}

export const resultsScenario: UiScenario = {
  name: 'run a demo query: results panel',
  files: demoFiles('top-sections.iql'),
  async run(page, context) {
    await openQuery(page, 'top-sections.iql', 2);
    await page.keyboard.press('Control+Enter');
    const frame = await waitForWebviewFrame(page, '#status.status-succeeded', RUN_TIMEOUT_MS);
    await frame.locator('.tabulator-row').first().waitFor();
    const audience = await frame.locator('#audience').getAttribute('data-value');
    assert.match(audience ?? '', /^\d+$/, 'the page shows the audience the emulator counted');
    // Drawing the result leaves the keyboard in the editor: Ctrl+Enter there runs again.
    await page.locator('.editor-instance .monaco-editor.focused').waitFor({ timeout: 5_000 });
    assert.ok((await frame.locator('.tabulator-row').count()) > 0, 'the table has rows');
    // The charts follow the table: their script is loaded once the table is on screen.
    await frame.locator('section.charts canvas').first().waitFor();
    assert.equal(await frame.locator('section.charts canvas').count(), 1, 'one bar chart for the one dimension');
    // The plan arrives after the result and adds the thresholds the service applied.
    await frame.locator('section.thresholds').waitFor();
    assert.equal(await frame.locator('pre.query code').textContent(), 'SELECT TOPN(Publisher1."Favourite Section", 5)\nFROM Publisher1 INTERSECT Retail\nLINK WITH IdGraph');
    await assertScriptWatchHears(page, frame);
    await hideSideBar(page);
    // Audience, thresholds, table and chart together: the query is in the editor beside it.
    await frame.evaluate("document.querySelector('section.audience').scrollIntoView()");
    await context.screenshot('results');

    // Counts in the editor's locale with the exact value on hover; the header explains the column.
    const count = frame.locator('.tabulator-row .tabulator-cell[tabulator-field="c1"] span').first();
    const exact = (await count.getAttribute('title')) ?? '';
    assert.match(exact, /^\d+$/);
    assert.equal(await count.textContent(), Number(exact).toLocaleString('en'));
    const header = (await frame.locator('.tabulator-col[tabulator-field="c1"] .tabulator-col-title span').getAttribute('title')) ?? '';
    assert.match(header, /redaction threshold/);
    assert.ok(await frame.locator('nav.actions button', { hasText: 'Re-run' }).isEnabled(), 'Re-run is offered');

    // After a reload the editor restores the panel, which draws the same run from its saved page.
    // Reloaded through the command, which lets the workbench store its layout before it goes.
    await page.keyboard.press('F1');
    const palette = page.locator('.quick-input-widget input');
    await palette.fill('>Developer: Reload Window');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Developer: Reload Window' }).first().waitFor();
    const reloaded = page.waitForEvent('framenavigated', { predicate: (navigated) => navigated === page.mainFrame() });
    await page.keyboard.press('Enter');
    await reloaded;
    await waitForWorkbench(page);
    const restored = await waitForWebviewFrame(page, '#status.status-succeeded', RUN_TIMEOUT_MS);
    assert.equal(await restored.locator('#audience').getAttribute('data-value'), audience, 'the restored panel shows the same audience');

    // A click selects a cell range; the row menu offers the copies with headers.
    const restoredCount = restored.locator('.tabulator-row .tabulator-cell[tabulator-field="c1"] span').first();
    await restoredCount.click();
    assert.ok((await restored.locator('.tabulator-cell.tabulator-range-selected').count()) >= 1, 'the clicked cell is selected');
    await restoredCount.click({ button: 'right' });
    await restored.locator('.tabulator-menu-item', { hasText: 'Copy with Headers' }).waitFor();
    await page.keyboard.press('Escape');
  },
};

export const planScenario: UiScenario = {
  name: 'explain a demo query: plan panel',
  files: demoFiles('audience-profile.iql'),
  async run(page, context) {
    await openQuery(page, 'audience-profile.iql', 2);
    await page.keyboard.press('Control+Alt+E');
    const frame = await waitForWebviewFrame(page, '#plan-audience', RUN_TIMEOUT_MS);
    assert.equal(await frame.locator('#plan-audience').textContent(), 'Retail INTERSECT Publisher1');
    assert.deepEqual(await frame.locator('svg.plan-graph .node-name').allTextContents(), ['Retail', 'Publisher1']);
    const edges = await frame.locator('svg.plan-graph .edge-label').allTextContents();
    assert.ok(edges.some((label) => label.includes('email')), `the hop names its key: ${JSON.stringify(edges)}`);
    assert.equal(await frame.locator('section.filter code').textContent(), 'Retail."Loyalty Member" = \'Yes\'');
    // Zoom with the button, pan with a drag: the drawing's viewBox follows both.
    const viewBox = (): Promise<string | null> => frame.locator('svg.plan-graph').getAttribute('viewBox');
    const zoomLevel = frame.locator('.zoom-level');
    const before = Number.parseInt((await zoomLevel.textContent()) ?? '', 10);
    await frame.locator('.graph-controls button[title^="Zoom in"]').click();
    assert.equal(Number.parseInt((await zoomLevel.textContent()) ?? '', 10), Math.round(before * 1.25), 'the zoom button zooms in by a quarter');
    const zoomed = await viewBox();
    const area = await frame.locator('.graph-viewport').boundingBox();
    assert.ok(area, 'the graph viewport is on screen');
    await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
    await page.mouse.down();
    await page.mouse.move(area.x + area.width / 2 + 60, area.y + area.height / 2 + 20, { steps: 4 });
    await page.mouse.up();
    assert.notEqual(await viewBox(), zoomed, 'a drag pans the graph');
    await frame.locator('.graph-controls button', { hasText: 'Fit' }).click();
    await assertScriptWatchHears(page, frame);
    await hideSideBar(page);
    await context.screenshot('plan');
  },
};

export const hostileResultsScenario: UiScenario = {
  name: 'hostile dataset name in the results panel',
  files: { 'ui-run-hostile-name.iql': `${HOSTILE_BY_NAME}\n`, 'ui-run-hostile-filter.iql': `${HOSTILE_FILTERED}\n` },
  async run(page, context) {
    // Refused by the service, whose message repeats the name: the page shows it, and the query, as text.
    await openQuery(page, 'ui-run-hostile-name.iql', 1);
    await page.keyboard.press('Control+Enter');
    const refused = await waitForWebviewFrame(page, '#status.status-failed', RUN_TIMEOUT_MS);
    const message = (await refused.locator('#message').textContent()) ?? '';
    assert.ok(message.includes(`unknown dataset '${NAME}'`), `the service's message shows the name literally: ${message}`);
    assert.equal(await refused.locator('pre.query code').textContent(), HOSTILE_BY_NAME);
    await assertNoMarkupMade(refused, 'the results page of the refused run');
    await assertScriptWatchHears(page, refused);
    await context.screenshot('hostile-results');

    // Run over the hostile dataset: the result is drawn, and the query with the name is text.
    await openQuery(page, 'ui-run-hostile-filter.iql', 1);
    await page.keyboard.press('Control+Enter');
    const ran = await waitForWebviewFrame(page, '#status.status-succeeded', RUN_TIMEOUT_MS);
    assert.match((await ran.locator('#audience').getAttribute('data-value')) ?? '', /^\d+$/);
    assert.equal(await ran.locator('pre.query code').textContent(), HOSTILE_FILTERED);
    await assertNoMarkupMade(ran, 'the results page of the run over the hostile dataset');
  },
};

export const hostilePlanScenario: UiScenario = {
  name: 'hostile dataset name in the plan panel',
  files: { 'ui-plan-hostile-filter.iql': `${HOSTILE_FILTERED}\n`, 'ui-plan-hostile-name.iql': `${HOSTILE_BY_NAME}\n` },
  async run(page, context) {
    await openQuery(page, 'ui-plan-hostile-filter.iql', 1);
    await page.keyboard.press('Control+Alt+E');
    const frame = await waitForWebviewFrame(page, '#plan-audience', RUN_TIMEOUT_MS);
    assert.deepEqual(await frame.locator('svg.plan-graph .node-name').allTextContents(), [HOSTILE_DATASET.privateId, 'Retail']);
    // The filter as the service's plan states it, with the name inside.
    assert.equal(await frame.locator('section.filter code').textContent(), `Retail.Region = '${NAME}'`);
    assert.equal(await frame.locator('pre.query code').first().textContent(), HOSTILE_FILTERED);
    await assertNoMarkupMade(frame, 'the plan page');
    await assertScriptWatchHears(page, frame);
    await context.screenshot('hostile-plan');

    // Explaining the name itself is refused; the warning repeats it as text.
    await openQuery(page, 'ui-plan-hostile-name.iql', 1);
    await page.keyboard.press('Control+Alt+E');
    const toast = page.locator('.notifications-toasts .notification-list-item').filter({ hasText: 'could not be explained' }).first();
    await toast.waitFor({ timeout: RUN_TIMEOUT_MS });
    const text = (await toast.locator('.notification-list-item-message').textContent()) ?? '';
    assert.ok(text.includes(`unknown dataset '${NAME}'`), `the warning shows the name literally: ${text}`);
    await assertNoMarkupMade(toast, 'the explain warning');
  },
};
