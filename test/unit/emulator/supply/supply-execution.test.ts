import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ExecutionFailure, SupplyExecution } from '../../../../emulator/src/supply/supply-execution';
import { VaultStorage } from '../../../../emulator/src/supply/vault-storage';

describe('a data-supply execution as clients poll it', () => {
  it('is WAITING when created, RUNNING until polled enough, then COMPLETED with its history', async () => {
    const execution = new SupplyExecution(() => 0, 1, async (reporter) => {
      reporter.progress(50, 'half');
      return 'copied 2 files';
    });
    assert.equal(execution.status, 'WAITING');
    assert.equal(execution.completionPercentage, 0);
    await execution.settled;
    execution.observe();
    assert.equal(execution.status, 'RUNNING', 'the first poll still says running');
    assert.ok(execution.completionPercentage < 100);
    execution.observe();
    assert.equal(execution.status, 'COMPLETED');
    assert.equal(execution.completionPercentage, 100);
    assert.deepEqual(execution.history.map((entry) => entry.status), ['WAITING', 'RUNNING', 'RUNNING', 'COMPLETED']);
    assert.equal(execution.history.at(-1)?.message, 'copied 2 files');
  });

  it('fails with the reason a user can act on, and hides nothing of an unexpected error', async () => {
    const refused = new SupplyExecution(() => 0, 0, async () => {
      throw new ExecutionFailure('file in/a.csv does not exist');
    });
    await refused.settled;
    refused.observe();
    assert.equal(refused.status, 'FAILED');
    assert.equal(refused.error, 'file in/a.csv does not exist');
    const broken = new SupplyExecution(() => 0, 0, async () => {
      throw new TypeError('boom');
    });
    await broken.settled;
    broken.observe();
    assert.match(broken.error ?? '', /unexpectedly: TypeError: boom/);
  });

  it('does not show a final status before the work ends, however often it is polled', async () => {
    let finish: (value: string) => void = () => undefined;
    const execution = new SupplyExecution(() => 0, 0, () => new Promise<string>((resolve) => (finish = resolve)));
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 5; i++) execution.observe();
    assert.equal(execution.status, 'RUNNING');
    finish('done');
    await execution.settled;
    assert.equal(execution.status, 'COMPLETED');
  });
});

describe('vault paths', () => {
  it('are relative, slash separated and never leave the vault', () => {
    assert.equal(VaultStorage.safePath('/in/2026/a.csv/'), 'in/2026/a.csv');
    assert.equal(VaultStorage.safePath(''), '');
    for (const bad of ['../etc/passwd', 'in/../../x', 'in//a', 'a\\b', 'in/./a']) assert.equal(VaultStorage.safePath(bad), undefined, bad);
  });
});
