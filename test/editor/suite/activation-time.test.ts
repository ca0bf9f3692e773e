import assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import type { ExtensionApi } from '../../../client/src/extension';
import { ACTIVATION_PARTS_MARKER, ACTIVATION_TIME_MARKER, ACTIVATION_TIME_TITLE } from './activation-time-marker';
import { activateExtension } from './query-files';

suite('activation time', () => {
  test(ACTIVATION_TIME_TITLE, async () => {
    const exports = (await activateExtension()).exports as Partial<ExtensionApi> | undefined;
    const activationMs = exports?.activationMs;
    assert.equal(typeof activationMs, 'number', 'activate() returns activationMs with its services');
    assert.ok(Number.isFinite(activationMs) && (activationMs ?? 0) > 0, `activationMs is a positive duration: ${String(activationMs)}`);
    const parts = exports?.activationParts;
    // Read by bench/editor.bench.ts from the extension host's log, one line per fresh window (the parts first). Written
    // before the parts are checked: the bench also times earlier builds, which export no parts.
    if (parts !== undefined) console.log(`${ACTIVATION_PARTS_MARKER}${JSON.stringify(parts)}`);
    console.log(`${ACTIVATION_TIME_MARKER}${String(activationMs)}`);
    assert.ok(parts !== undefined, 'activate() returns where the time went');
    const sum = parts.evaluationMs + parts.waitMs + parts.activateMs;
    assert.ok(Math.abs(sum - (activationMs ?? 0)) < 1, `the parts add up to activationMs: ${JSON.stringify(parts)} vs ${String(activationMs)}`);
    assert.ok(parts.evaluationMs > 0 && parts.activateMs > 0 && parts.waitMs >= 0, `every part is a duration: ${JSON.stringify(parts)}`);
  });
});
