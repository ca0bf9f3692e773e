import assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import { codeOf } from './provider-results';
import { activateExtension, openQueryFile } from './query-files';
import { waitFor } from './wait-for';

suite('service diagnostics', () => {
  suiteSetup(activateExtension);

  test("a query the local checks accept but the service refuses shows the service's message where it points", async () => {
    // Locally clean; the service (here the emulator) allows one SUM per result.
    const text = '-- a query the service refuses\nSELECT SUM(Retail.Spend), SUM(Retail.Spend)\nFROM Retail\n';
    const document = await openQueryFile('service-refusal.iql', text);
    const diagnostic = await waitFor('the service diagnostic', () =>
      vscode.languages.getDiagnostics(document.uri).find((d) => codeOf(d) === 'iql.service'),
    );
    assert.equal(diagnostic.message, 'SUM is selected twice; a result holds one SUM — write a separate query for the other');
    assert.equal(diagnostic.source, 'iql');
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    // The service counts from the query's first line; the query starts on the file's second.
    assert.deepEqual([diagnostic.range.start.line, diagnostic.range.start.character], [1, 26]);
    const others = vscode.languages.getDiagnostics(document.uri).filter((d) => codeOf(d) !== 'iql.service');
    assert.deepEqual(others.map((d) => d.message), [], 'the local checks find nothing');
  });
});
