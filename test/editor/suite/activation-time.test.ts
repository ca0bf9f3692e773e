import assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import type { ExtensionApi } from '../../../client/src/extension';
import { ACTIVATION_TIME_MARKER, ACTIVATION_TIME_TITLE } from './activation-time-marker';
import { activateExtension } from './query-files';

suite('activation time', () => {
  test(ACTIVATION_TIME_TITLE, async () => {
    const exports = (await activateExtension()).exports as Partial<ExtensionApi> | undefined;
    const activationMs = exports?.activationMs;
    assert.equal(typeof activationMs, 'number', 'activate() returns activationMs with its services');
    assert.ok(Number.isFinite(activationMs) && (activationMs ?? 0) > 0, `activationMs is a positive duration: ${String(activationMs)}`);
    // Read by bench/editor.bench.ts from the extension host's log, one line per fresh window.
    console.log(`${ACTIVATION_TIME_MARKER}${String(activationMs)}`);
  });
});
