import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkProfile, isLoopbackHost, ServiceClient } from '../../../service/src';

const profile = (baseUrl: string, apiKey = 'key-123456789') => ({ name: 'p', baseUrl, apiKey });

test('https is required except for loopback hosts', () => {
  assert.equal(checkProfile(profile('https://api.infosum.com')), undefined);
  assert.equal(checkProfile(profile('https://api.infosum.com/prefix/')), undefined);
  for (const local of ['http://localhost:8787', 'http://127.0.0.1:1', 'http://127.4.5.6', 'http://[::1]:9000']) {
    assert.equal(checkProfile(profile(local)), undefined, local);
  }
  const plain = checkProfile(profile('http://api.infosum.com'));
  assert.equal(plain?.kind, 'misconfigured');
  assert.match(plain?.message ?? '', /plain http:\/\/ for api\.infosum\.com/);
  assert.match(plain?.message ?? '', /Use https:\/\//);
  assert.equal(checkProfile(profile('http://10.0.0.1'))?.kind, 'misconfigured');
  assert.equal(checkProfile(profile('http://127.0.0.1.example.com'))?.kind, 'misconfigured');
});

test('malformed URLs, other schemes, credentials in the URL and bad keys are refused with a fix', () => {
  assert.match(checkProfile(profile('api.infosum.com'))?.message ?? '', /not a URL/);
  assert.match(checkProfile(profile('ftp://api.infosum.com'))?.message ?? '', /use https/);
  assert.match(checkProfile(profile('https://u:p@api.infosum.com'))?.message ?? '', /user name or password/);
  assert.equal(checkProfile(profile('https://api.infosum.com', '  '))?.kind, 'unauthorized');
  assert.match(checkProfile(profile('https://api.infosum.com', 'abc\ndef'))?.message ?? '', /line break/);
});

test('isLoopbackHost', () => {
  assert.equal(isLoopbackHost('LOCALHOST'), true);
  assert.equal(isLoopbackHost('127.255.255.255'), true);
  assert.equal(isLoopbackHost('127.256.0.1'), false);
  assert.equal(isLoopbackHost('[::1]'), true);
  assert.equal(isLoopbackHost('::2'), false);
  assert.equal(isLoopbackHost('128.0.0.1'), false);
});

test('ServiceClient.create refuses a non-loopback http profile without throwing, and never echoes the key', () => {
  const key = 'secret-key-0123456789';
  const created = ServiceClient.create({ name: 'p', baseUrl: `http://example.com/${key}`, apiKey: key }, { version: '1' });
  assert.ok(!created.ok && created.error.kind === 'misconfigured');
  assert.ok(!JSON.stringify(created).includes(key));
});
