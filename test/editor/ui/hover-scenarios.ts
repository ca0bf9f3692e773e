/**
 * Hovers seen in the browser: the plan on SELECT (kept as a screenshot), and a dataset whose
 * catalog text is HTML, which must appear as literal text with no element created from it.
 */
import assert from 'node:assert/strict';
import { HOSTILE_DATASET } from '../hostile-dataset';
import type { UiScenario } from './ui-scenario';
import { openFileByName, showHoverMatching } from './workbench';

export const planHoverScenario: UiScenario = {
  name: 'plan hover',
  files: { 'ui-plan.iql': 'SELECT AGGREGATE(Retail.Gender)\nFROM Retail INTERSECT Publisher1\nWHERE Retail.Region = \'Scotland\'\n' },
  async run(page, context) {
    await openFileByName(page, 'ui-plan.iql');
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const hover = await showHoverMatching(page, /Query plan/);
    assert.match(await hover.innerText(), /Publisher1/);
    await context.screenshot('hover-plan');
  },
};

export const hostileHoverScenario: UiScenario = {
  name: 'hostile dataset hover',
  files: { 'ui-hostile.iql': `SELECT COUNT() FROM ${HOSTILE_DATASET.privateId}\n` },
  async run(page, context) {
    await openFileByName(page, 'ui-hostile.iql');
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    const hover = await showHoverMatching(page, /onerror/);
    const shown = await hover.innerText();
    assert.ok(shown.includes(HOSTILE_DATASET.publicName), `the name shows literally: ${shown}`);
    assert.equal(await hover.locator('img, script, iframe').count(), 0, 'no element was made from catalog text');
    assert.equal(await hover.locator('a[href^="javascript:" i]').count(), 0, 'no javascript: link was made from catalog text');
    await context.screenshot('hostile-hover');
  },
};
