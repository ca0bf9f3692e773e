/**
 * The Clean Room view container seen in the browser: its Datasets and Collaborations trees
 * filled from the emulator (kept as a screenshot), and the hostile dataset's public name shown
 * as characters in its tree row and its tooltip (with the owner and rows read on hover).
 */
import assert from 'node:assert/strict';
import { HOSTILE_DATASET } from '../hostile-dataset';
import { demoFiles } from './demo-files';
import { assertNoMarkupMade } from './text-only';
import type { UiScenario } from './ui-scenario';
import { expandTreeRow, openFileByName, showCleanRoom, soloPane, treeRow } from './workbench';

export const explorerScenario: UiScenario = {
  name: 'Clean Room explorer',
  files: demoFiles('audience-profile.iql'),
  async run(page, context) {
    await openFileByName(page, 'audience-profile.iql');
    await showCleanRoom(page);
    await soloPane(page, 'Datasets');
    const retail = treeRow(page, 'Datasets', 'Retail');
    await expandTreeRow(retail);
    assert.equal(await retail.locator('.label-description').textContent(), 'Retail customers');
    await treeRow(page, 'Datasets', 'Age').waitFor();

    await soloPane(page, 'Collaborations');
    const demo = treeRow(page, 'Collaborations', 'Retail x Publisher');
    await expandTreeRow(demo);
    for (const section of ['Datasets', 'Activation segments']) await treeRow(page, 'Collaborations', section).first().waitFor();
    await context.screenshot('explorer');
  },
};

export const hostileTreeScenario: UiScenario = {
  name: 'hostile dataset name in the Datasets tree',
  files: {},
  async run(page, context) {
    await showCleanRoom(page);
    await soloPane(page, 'Datasets');
    const row = treeRow(page, 'Datasets', HOSTILE_DATASET.privateId);
    await row.waitFor({ timeout: 30_000 });
    assert.equal(await row.locator('.label-description').textContent(), HOSTILE_DATASET.publicName, 'the row shows the public name as its characters');
    await assertNoMarkupMade(row, 'the Hostile tree row');

    // The tooltip is plain text too: name and description as written, no link made of the description.
    // A tooltip an earlier scenario left (another dataset's) must not be read for this one:
    // move away first, and wait for the tooltip that names this dataset.
    await page.mouse.move(0, 0);
    await row.hover();
    const tooltip = page.locator('.workbench-hover, .monaco-hover').filter({ hasText: 'Public name:' }).filter({ hasText: HOSTILE_DATASET.privateId }).first();
    await tooltip.waitFor({ timeout: 15_000 });
    const shown = (await tooltip.textContent()) ?? '';
    assert.ok(shown.includes(HOSTILE_DATASET.publicName), `the tooltip shows the name literally: ${shown}`);
    assert.ok(shown.includes(HOSTILE_DATASET.description), `the tooltip shows the description literally: ${shown}`);
    // The owned row comes from List Datasets 2.0 (no statistics): the hover read its owner and rows.
    assert.ok(shown.includes('Owner: RetailCo') && shown.includes('Rows: 40'), `the tooltip shows the owner and rows read on hover: ${shown}`);
    await assertNoMarkupMade(tooltip, 'the Hostile tooltip');
    await context.screenshot('hostile-tree');
    await page.mouse.move(0, 0);
  },
};
