import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { firstSentence, problemForServiceError } from '../../../../client/src/explorer/explorer-problems';

const retry = { command: 'iql.datasets.refresh', title: 'Retry' };

describe('problemForServiceError', () => {
  test('401: the fix is to set the profile API key', () => {
    const problem = problemForServiceError({ kind: 'unauthorized', message: 'The service refused the API key (HTTP 401).', requestId: 'r-1' }, 'staging', retry);
    assert.equal(problem?.text, 'The service refused the API key of profile "staging".');
    assert.deepEqual(problem?.action, { command: 'iql.setApiKey', title: 'Set API Key…', arguments: ['staging'] });
    assert.equal(problem?.detail, 'The service refused the API key (HTTP 401). (request id r-1)');
  });

  test('403 names the missing right and offers no action (only the owner can fix it)', () => {
    const problem = problemForServiceError({ kind: 'forbidden', missingRight: 'detailed_logs', message: 'Permission denied.' }, 'p', retry);
    assert.equal(problem?.text, 'This needs the "detailed_logs" right, which your company lacks here.');
    assert.equal(problem?.action, undefined);
    assert.equal(problemForServiceError({ kind: 'forbidden', message: 'no' }, 'p', retry)?.text, 'The service did not allow this.');
  });

  test('network, timeout and server trouble offer a retry', () => {
    assert.deepEqual(problemForServiceError({ kind: 'network', message: 'ECONNREFUSED' }, 'p', retry)?.action, retry);
    assert.deepEqual(problemForServiceError({ kind: 'timeout', phase: 'headers', message: 'slow' }, 'p', retry)?.action, retry);
    assert.equal(problemForServiceError({ kind: 'server', message: 'HTTP 500' }, 'p', retry)?.text, 'The clean-room service could not answer just now.');
  });

  test('a cancellation is no problem at all', () => {
    assert.equal(problemForServiceError({ kind: 'cancelled', message: 'cancelled' }, 'p', retry), undefined);
  });
});

describe('firstSentence', () => {
  test('keeps the first sentence on one line', () => {
    assert.equal(firstSentence('Bad URL.\nUse https. Really.'), 'Bad URL.');
    assert.equal(firstSentence('no stop here'), 'no stop here');
  });
});
