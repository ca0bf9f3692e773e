import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { EMULATOR_PROFILE } from '../../../../client/src/connections/emulator-profile';
import { checkApiKey, checkBaseUrl, checkProfileName } from '../../../../client/src/connections/profile-input';

describe('checkProfileName', () => {
  it('accepts words of letters, digits, -, _ and ., with single spaces: the emulator\'s own "Local emulator" too', () => {
    assert.equal(checkProfileName('staging_2', []), undefined);
    assert.equal(checkProfileName(EMULATOR_PROFILE, []), undefined);
    assert.equal(checkProfileName('prod-eu 2.1', []), undefined);
    assert.equal(checkProfileName('  prod  ', []), undefined, 'surrounding spaces are trimmed');
  });

  it('refuses an empty name, saying what to type', () => {
    assert.match(checkProfileName('   ', []) ?? '', /Enter a name/);
  });

  it('refuses other punctuation and double spaces, naming the rule and a name that would do', () => {
    assert.match(checkProfileName('my staging!', []) ?? '', /may hold letters, digits, spaces, -, _ and \. \(one space between words\) only, e\.g\. my staging\./);
    assert.match(checkProfileName('prod  eu', []) ?? '', /one space between words.*e\.g\. prod eu\./);
    assert.match(checkProfileName('a@b', []) ?? '', /e\.g\. a b\./);
  });

  it('refuses a name that is taken, whatever its case', () => {
    assert.match(checkProfileName('Staging', ['staging']) ?? '', /'staging' already exists/);
  });

  it('refuses a very long name', () => {
    assert.match(checkProfileName('a'.repeat(41), []) ?? '', /at most 40/);
  });
});

describe('checkBaseUrl', () => {
  it('accepts https and drops a trailing slash', () => {
    assert.deepEqual(checkBaseUrl(' https://api.example.com/ '), { ok: true, baseUrl: 'https://api.example.com' });
    assert.deepEqual(checkBaseUrl('https://example.com/prefix/'), { ok: true, baseUrl: 'https://example.com/prefix' });
  });

  it('accepts plain http only for this machine', () => {
    for (const url of ['http://127.0.0.1:8787', 'http://localhost:3000', 'http://[::1]:9000']) {
      assert.equal(checkBaseUrl(url).ok, true, url);
    }
    const refused = checkBaseUrl('http://api.example.com');
    assert.equal(refused.ok, false);
    assert.match(refused.ok ? '' : refused.message, /unencrypted to api\.example\.com\. Use https:\/\/api\.example\.com/);
  });

  it('names the fix for text that is not a usable URL', () => {
    const cases: Array<[string, RegExp]> = [
      ['', /Enter the service's base URL/],
      ['api.example.com', /not a URL.*https:\/\//],
      ['ftp://example.com', /'ftp:' is not supported/],
      ['https://user:secret@example.com', /Remove the user name and password/],
      ['https://example.com/?key=1', /Remove the query string/],
    ];
    for (const [input, message] of cases) {
      const checked = checkBaseUrl(input);
      assert.equal(checked.ok, false, input);
      assert.match(checked.ok ? '' : checked.message, message, input);
    }
  });

  it('never repeats a password from the URL in its message', () => {
    const checked = checkBaseUrl('https://user:hunter2secret@example.com');
    assert.doesNotMatch(checked.ok ? '' : checked.message, /hunter2secret/);
  });
});

describe('checkApiKey', () => {
  it('accepts a one-line key, including the legacy public/private form', () => {
    assert.equal(checkApiKey('demo-key-ana'), undefined);
    assert.equal(checkApiKey('  abc123/def456  '), undefined);
  });

  it('refuses empty keys and keys with spaces or line breaks', () => {
    assert.match(checkApiKey('') ?? '', /Paste the API key/);
    assert.match(checkApiKey('abc\ndef') ?? '', /one line/);
    assert.match(checkApiKey('abc def') ?? '', /space/);
    assert.match(checkApiKey('abc\u0007def') ?? '', /control character/);
  });
});

describe('the iql.profiles setting', () => {
  it('accepts and refuses the same names as checkProfileName, so settings and commands agree', () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '../../../../package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, { items: { properties: { name: { pattern: string; maxLength: number } } } }> } };
    };
    const name = manifest.contributes.configuration.properties['iql.profiles']!.items.properties.name;
    const pattern = new RegExp(name.pattern, 'u');
    for (const candidate of [EMULATOR_PROFILE, 'staging', 'prod-eu 2.1', 'my staging!', 'two  spaces', ' lead', 'a'.repeat(41)]) {
      const bySetting = pattern.test(candidate) && candidate.length <= name.maxLength;
      if (candidate === candidate.trim()) assert.equal(bySetting, checkProfileName(candidate, []) === undefined, candidate);
    }
  });
});
