import assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import { HOSTILE_DATASET } from '../hostile-dataset';
import { completionLabels } from './provider-results';
import { activateExtension, openQueryFile } from './query-files';
import { waitFor } from './wait-for';

suite('dataset completion', () => {
  suiteSetup(activateExtension);

  test("after FROM the editor offers the datasets the user can see, and only those", async () => {
    const text = 'SELECT COUNT() FROM ';
    const document = await openQueryFile('complete-datasets.iql', text);
    const labels = await waitFor('catalog datasets among the completions', async () => {
      const offered = await completionLabels(document.uri, new vscode.Position(0, text.length));
      return offered.includes('Retail') ? offered : undefined;
    });
    for (const name of ['Retail', 'Bank', 'Publisher1', 'IdGraph', 'Insurer', 'PubAudience', HOSTILE_DATASET.privateId]) {
      assert.ok(labels.includes(name), `${name} is offered (got ${labels.join(', ')})`);
    }
    // Herald News offered Publisher2 to RetailCo, but the offer was never accepted.
    assert.ok(!labels.includes('Publisher2'), 'a dataset shared without acceptance is not offered');
  });
});
