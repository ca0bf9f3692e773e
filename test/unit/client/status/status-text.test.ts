import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceState, StatusParams } from '../../../../common/protocol';
import { describeStatus, formatCatalogAge, plainText, type StatusInput } from '../../../../client/src/status/status-text';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);

function input(overrides: Partial<StatusInput> = {}): StatusInput {
  return { directives: {}, defaults: {}, trusted: true, now: NOW, ...overrides };
}

function status(state: ServiceState, extra: Partial<StatusParams> = {}): StatusParams {
  return { uri: 'file:///q.iql', target: { profile: 'prod', collaboration: 'CLB.demo' }, state, message: `server says ${state}`, ...extra };
}

describe('describeStatus', () => {
  it('shows the profile and collaboration the server reports', () => {
    const view = describeStatus(input({ status: status('ready', { catalogLoadedAt: NOW - 2 * 60_000 }) }));
    assert.equal(view.text, '$(database) prod · CLB.demo');
    assert.equal(view.tone, 'normal');
    assert.match(view.tooltip, /Service: connected\nserver says ready\nCatalog 2 min old\./);
    assert.match(view.tooltip, /IQL profile: prod \(the default profile\)/);
    assert.match(view.tooltip, /Click to choose the profile and collaboration/);
  });

  it('gives each service state its own icon and tone', () => {
    const expected: Record<ServiceState, [string, string]> = {
      ready: ['', 'normal'],
      connecting: [' $(sync~spin)', 'normal'],
      offline: [' $(circle-slash)', 'normal'],
      unauthorized: [' $(key)', 'warning'],
      unreachable: [' $(debug-disconnect)', 'warning'],
      error: [' $(error)', 'error'],
    };
    for (const [state, [icon, tone]] of Object.entries(expected) as Array<[ServiceState, [string, string]]>) {
      const view = describeStatus(input({ status: status(state) }));
      assert.equal(view.text, `$(database) prod · CLB.demo${icon}`, state);
      assert.equal(view.tone, tone, state);
      assert.match(view.tooltip, new RegExp(`server says ${state}`), state);
    }
  });

  it('falls back to the file\'s directives and the defaults before the server has spoken', () => {
    const view = describeStatus(input({ directives: { collaboration: 'CLB.x' }, defaults: { profile: 'Local emulator' } }));
    assert.equal(view.text, '$(database) Local emulator · CLB.x');
    assert.match(view.tooltip, /waiting for the language server/);
    assert.match(view.tooltip, /Collaboration: CLB\.x \(from this file's -- @collaboration line\)/);
  });

  it('says when there is no profile and no collaboration', () => {
    const view = describeStatus(input());
    assert.equal(view.text, '$(database) no profile · own datasets');
    assert.match(view.tooltip, /none yet; start the local emulator or add a profile/);
  });

  it('explains the untrusted workspace, and that the emulator may still be started', () => {
    const view = describeStatus(input({ trusted: false, status: status('offline') }));
    assert.match(view.tooltip, /not trusted, so no call is made.*local emulator can still be started, but queries stay blocked/);
    assert.doesNotMatch(describeStatus(input()).tooltip, /not trusted/);
  });

  it('never lets names from files or the service render as icons', () => {
    const view = describeStatus(input({ status: status('ready', { target: { profile: '$(zap)', collaboration: 'a\nb' } }) }));
    assert.doesNotMatch(view.text, /\$\(zap\)/);
    assert.doesNotMatch(view.text, /\n/);
  });
});

describe('formatCatalogAge', () => {
  it('rounds down to the largest useful unit', () => {
    assert.equal(formatCatalogAge(NOW - 5_000, NOW), 'catalog just loaded');
    assert.equal(formatCatalogAge(NOW + 5_000, NOW), 'catalog just loaded', 'a clock slightly ahead is not negative');
    assert.equal(formatCatalogAge(NOW - 59 * 60_000, NOW), 'catalog 59 min old');
    assert.equal(formatCatalogAge(NOW - 3 * 3_600_000, NOW), 'catalog 3 h old');
    assert.equal(formatCatalogAge(NOW - 3 * 86_400_000, NOW), 'catalog 3 days old');
  });
});

describe('plainText', () => {
  it('breaks the icon syntax and joins lines', () => {
    assert.equal(plainText('a $(bug) b'), 'a $\u200b(bug) b');
    assert.equal(plainText('one\r\ntwo'), 'one two');
  });
});
