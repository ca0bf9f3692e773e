import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chooseFirstQueryFile } from '../../../../client/src/connections/first-query-choice';

describe('chooseFirstQueryFile', () => {
  it('opens the first query file of the folder in name order, as demo/workspace lists them', () => {
    assert.equal(chooseFirstQueryFile(['top-sections.iql', 'README.md', 'audience-profile.iql', 'overlap.iql']), 'audience-profile.iql');
    assert.equal(chooseFirstQueryFile(['Q.IQL', 'notes.txt']), 'Q.IQL');
  });

  it('chooses none in a folder without query files, so the walkthrough\'s example opens instead', () => {
    assert.equal(chooseFirstQueryFile(['report.iqlreport.json', 'README.md']), undefined);
    assert.equal(chooseFirstQueryFile([]), undefined);
  });
});
