import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { EXAMPLES, makeTree, runInProcess, useDemoEmulator } from './cli-harness';

interface SarifLog {
  version: string;
  runs: Array<{ tool: { driver: { name: string; rules: Array<{ id: string }> } }; results: Array<{ ruleId: string; level: string; message: { text: string }; locations: Array<{ physicalLocation: { region: { startLine: number; startColumn: number } } }> }> }>;
}

describe('iql check with a target (against the emulator)', () => {
  const demo = useDemoEmulator();

  it('accepts the valid examples: catalog and service agree', async () => {
    const run = await runInProcess(['check', join(EXAMPLES, 'valid')], demo.env);
    assert.equal(run.stdout, '');
    assert.equal(run.code, 0, run.stderr);
  });

  it('adds catalog checks and the service verdict, and prints SARIF', async () => {
    const root = makeTree({
      'catalog.iql': 'SELECT COUNT() FROM Retial\n',
      'service.iql': 'SELECT SUM(Retail.Spend), SUM(Retail.Spend)\nFROM Retail\n',
    });
    const run = await runInProcess(['check', root], demo.env);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /catalog\.iql:1:21: error: Unknown dataset 'Retial'\. Did you mean 'Retail'\? \[iql\.unknown-dataset\]/);
    assert.match(run.stdout, /service\.iql:1:27: error: SUM is selected twice; .* \[iql\.service\]/);

    const sarif = JSON.parse((await runInProcess(['check', '--format', 'sarif', root], demo.env)).stdout) as SarifLog;
    assert.equal(sarif.version, '2.1.0');
    const results = sarif.runs[0]!.results;
    assert.deepEqual(results.map((r) => r.ruleId).sort(), ['iql.service', 'iql.unknown-dataset']);
    assert.deepEqual(results.find((r) => r.ruleId === 'iql.unknown-dataset')!.locations[0]!.physicalLocation.region, { startLine: 1, startColumn: 21, endLine: 1, endColumn: 27 });
    assert.equal(sarif.runs[0]!.tool.driver.name, 'iql');
  });

  it('uses collaboration dataset names under a collaboration directive', async () => {
    const root = makeTree({ 'collab.iql': '-- @collaboration CLB.demo\nSELECT COUNT() FROM self INTERSECT Retail\n' });
    const run = await runInProcess(['check', root], demo.env);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /Unknown collaboration dataset 'Retail'/);
  });

  it('says calmly when the key is refused, and exits 2 because the check is incomplete', async () => {
    const root = makeTree({ 'q.iql': 'SELECT COUNT() FROM Retail\n' });
    const run = await runInProcess(['check', root], { IQL_BASE_URL: demo.emulator.url, IQL_API_KEY: 'wrong-key' });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /missing, wrong or expired/);
    assert.doesNotMatch(run.stderr + run.stdout, /wrong-key/, 'the key never appears');
    assert.equal(run.stderr.trimEnd().split('\n').length, 1, 'said once');
  });

  it('works offline without a connection and says so once', async () => {
    const root = makeTree({ 'a.iql': 'SELECT COUNT() FROM A\n', 'b.iql': 'SELECT COUNT() FROM B\n' });
    const run = await runInProcess(['check', root], {});
    assert.equal(run.code, 0);
    assert.match(run.stderr, /^iql check: Working offline \(syntax only\)/);
    assert.equal(run.stderr.trimEnd().split('\n').length, 1);
  });
});
