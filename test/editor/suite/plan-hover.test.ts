import assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import { hoverMarkdown } from './provider-results';
import { activateExtension, openQueryFile } from './query-files';
import { waitFor } from './wait-for';

suite('plan hover', () => {
  suiteSetup(activateExtension);

  test("hovering SELECT shows the service's plan for the query", async () => {
    const text = "SELECT AGGREGATE(Retail.Gender)\nFROM Retail INTERSECT Publisher1\nWHERE Retail.Region = 'Scotland'\n";
    const document = await openQueryFile('plan-hover.iql', text);
    const markdown = await waitFor('a plan hover on SELECT', async () => {
      const value = await hoverMarkdown(document.uri, new vscode.Position(0, 2));
      return /Query plan/.test(value) ? value : undefined;
    });
    assert.match(markdown, /Retail/);
    assert.match(markdown, /Publisher1/);
    assert.match(markdown, /overlap \d/, 'the plan states the overlap between the datasets');
  });
});
