import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CancellationTokenSource } from 'vscode-languageserver';
import { signalFromCancellation } from '../../../service/src';

test('an LSP cancellation aborts the bridged signal', () => {
  const source = new CancellationTokenSource();
  const bridge = signalFromCancellation(source.token);
  assert.equal(bridge.signal.aborted, false);
  source.cancel();
  assert.equal(bridge.signal.aborted, true);
  bridge.dispose();
});

test('an already cancelled token gives an aborted signal; dispose detaches', () => {
  const cancelled = new CancellationTokenSource();
  cancelled.cancel();
  assert.equal(signalFromCancellation(cancelled.token).signal.aborted, true);
  const source = new CancellationTokenSource();
  const bridge = signalFromCancellation(source.token);
  bridge.dispose();
  source.cancel();
  assert.equal(bridge.signal.aborted, false);
});
