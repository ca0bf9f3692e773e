import assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { activateExtension, openQueryFile } from './query-files';

suite('activation', () => {
  test('the extension activates and owns .iql files', async () => {
    const extension = await activateExtension();
    assert.equal(extension.isActive, true);
    assert.ok((await vscode.languages.getLanguages()).includes('iql'), 'the iql language is registered');
    const document = await openQueryFile('activation.iql', 'SELECT COUNT() FROM Retail\n');
    assert.equal(document.languageId, 'iql');
  });
});
