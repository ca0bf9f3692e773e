import assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import { HOSTILE_DATASET } from '../hostile-dataset';
import { hoverMarkdown } from './provider-results';
import { activateExtension, openQueryFile } from './query-files';
import { waitFor } from './wait-for';

suite('hostile catalog text', () => {
  suiteSetup(activateExtension);

  test("a dataset whose name is HTML is described as text in its hover", async () => {
    const text = `SELECT COUNT() FROM ${HOSTILE_DATASET.privateId}\n`;
    const document = await openQueryFile('hostile-hover.iql', text);
    const position = new vscode.Position(0, text.indexOf(HOSTILE_DATASET.privateId) + 2);
    const markdown = await waitFor('a catalog hover on the hostile dataset', async () => {
      const value = await hoverMarkdown(document.uri, position);
      return value.includes('onerror') ? value : undefined;
    });
    // Escaped markup (`\\<img`) renders as text; a bare `<img` would be HTML to the renderer.
    assert.doesNotMatch(markdown, /(^|[^\\])<img/i, 'no raw <img in the hover');
    assert.doesNotMatch(markdown, /(^|[^\\])<script/i, 'no raw <script in the hover');
    assert.ok(!markdown.includes('](javascript:'), `no live javascript: link in the hover: ${markdown}`);
    assert.ok(markdown.includes('\\<img src=x onerror=alert\\(1\\)\\>'), `the name is there, escaped: ${markdown}`);
  });
});
