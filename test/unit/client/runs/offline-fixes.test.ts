import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chooseOfflineFixes } from '../../../../client/src/runs/offline-fixes';

const commandsFor = (facts: Parameters<typeof chooseOfflineFixes>[0]): string[] => chooseOfflineFixes(facts).map((fix) => fix.command);
const ready = { trusted: true, profileCount: 1, profile: 'p', profileExists: true, hasKey: true };

test('each reason to be offline gets the fix for it', () => {
  assert.deepEqual(commandsFor({ ...ready, trusted: false }), ['workbench.trust.manage']);
  assert.deepEqual(commandsFor({ trusted: true, profileCount: 0, profileExists: false, hasKey: false }), ['iql.startEmulator', 'iql.addProfile']);
  assert.deepEqual(commandsFor({ trusted: true, profileCount: 2, profileExists: false, hasKey: false }), ['iql.setDefaultProfile']);
  assert.deepEqual(commandsFor({ ...ready, profileExists: false }), ['iql.pickTarget', 'iql.addProfile']);
  assert.deepEqual(commandsFor({ ...ready, hasKey: false }), ['iql.setApiKey']);
  assert.deepEqual(commandsFor(ready), ['iql.pickTarget']);
});
