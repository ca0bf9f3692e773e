import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDemoProfileLine } from '../../../../client/src/connections/emulator-profile';

describe('parseDemoProfileLine', () => {
  it('reads the demo user the emulator announces', () => {
    const line = 'demo-profile {"displayName":"Ana","apiKey":"demo-key-ana","apiKeys":["demo-key-ana","demo-key-ben"]}';
    assert.deepEqual(parseDemoProfileLine(line), { displayName: 'Ana', apiKey: 'demo-key-ana', apiKeys: ['demo-key-ana', 'demo-key-ben'] });
  });

  it('always hides the profile\'s own key, even when the list forgets it', () => {
    const line = 'demo-profile {"displayName":"Ana","apiKey":"demo-key-ana","apiKeys":["demo-key-ben"]}';
    assert.deepEqual(parseDemoProfileLine(line)?.apiKeys, ['demo-key-ana', 'demo-key-ben']);
  });

  it('ignores every other line, and profiles that are malformed or incomplete', () => {
    for (const line of [
      'listening on http://127.0.0.1:4000',
      'iql emulator: demo-profile {"displayName":"Ana","apiKey":"k","apiKeys":[]}',
      'demo-profile {"displayName":"Ana","apiKey":"k","apiKeys":[]',
      'demo-profile {"displayName":"Ana","apiKeys":["k"]}',
      'demo-profile {"displayName":"Ana","apiKey":"","apiKeys":["k"]}',
      'demo-profile {"displayName":7,"apiKey":"k","apiKeys":["k"]}',
      'demo-profile {"displayName":"Ana","apiKey":"k","apiKeys":"k"}',
      'demo-profile {"displayName":"Ana","apiKey":"k","apiKeys":["k",3]}',
      'demo-profile null',
    ]) {
      assert.equal(parseDemoProfileLine(line), undefined, line);
    }
  });
});
