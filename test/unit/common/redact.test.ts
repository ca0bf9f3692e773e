import { test } from 'node:test';
import assert from 'node:assert/strict';
import { listSecrets, REDACTED, redactText } from '../../../service/src';
import { redactError } from '../../../common/redact';

test('a key is redacted, also percent-encoded and as legacy halves', () => {
  const key = 'PUBLIC12345/priv+ate/KEY==';
  const secrets = listSecrets(`  ${key}  `);
  assert.equal(redactText(`key ${key} in text`, secrets), `key ${REDACTED} in text`);
  assert.equal(redactText(`/api/v1/datasets/${encodeURIComponent(key)}`, secrets), `/api/v1/datasets/${REDACTED}`);
  const legacy = listSecrets('pub-abcdefgh/private-ijklmnop');
  assert.equal(redactText('only private-ijklmnop leaked', legacy), `only ${REDACTED} leaked`);
  assert.equal(redactText('short parts a/b stay', listSecrets('a/b')), `short parts ${REDACTED} stay`);
});

test('a secret with a quote or a backslash is redacted as written inside JSON too', () => {
  const password = 'pa"ss\\w0rd';
  const traced = JSON.stringify({ connector: { password } }, null, 4);
  assert.ok(!traced.includes(password), 'JSON escapes it, so the raw form alone would miss it');
  const clean = redactText(traced, listSecrets(password));
  assert.ok(!clean.includes('pa\\"ss'), clean);
  assert.ok(clean.includes(REDACTED));
});

test('redactError cleans every text field', () => {
  const key = 'k-0123456789abcdef';
  const error = redactError(
    { kind: 'invalid-response', field: `x.${key}`, operation: 'Get', message: `bad ${key}`, serviceMessage: key, code: key, requestId: key },
    listSecrets(key),
  );
  assert.ok(!JSON.stringify(error).includes(key));
  assert.equal(error.kind, 'invalid-response');
});
