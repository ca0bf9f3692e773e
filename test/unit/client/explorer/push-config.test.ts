import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatDefault, parseFieldInput, parsePushConfigJson, readPath, writePath } from '../../../../client/src/explorer/push-config';

describe('push configuration paths', () => {
  const config = { host: 'sftp.example', options: { port: 22, compress: true } };

  test('reads dotted, slashed and $-rooted paths', () => {
    assert.equal(readPath(config, 'host'), 'sftp.example');
    assert.equal(readPath(config, 'options.port'), 22);
    assert.equal(readPath(config, '/options/compress'), true);
    assert.equal(readPath(config, '$.options.port'), 22);
    assert.equal(readPath(config, 'host.nothing'), undefined);
    assert.equal(readPath(undefined, 'host'), undefined);
  });

  test('writes a value at a path without changing the original', () => {
    const next = writePath(config, 'options.port', 2222);
    assert.deepEqual(next, { host: 'sftp.example', options: { port: 2222, compress: true } });
    assert.equal(config.options.port, 22);
    assert.deepEqual(writePath({}, 'a/b/c', 'x'), { a: { b: { c: 'x' } } });
  });

  test('formats defaults for an input box', () => {
    assert.equal(formatDefault('x'), 'x');
    assert.equal(formatDefault(3), '3');
    assert.equal(formatDefault({ a: 1 }), '{"a":1}');
    assert.equal(formatDefault(undefined), '');
  });
});

describe('parseFieldInput', () => {
  test('types the answer like the default', () => {
    assert.deepEqual(parseFieldInput(' 2222 ', 22), { ok: true, value: 2222 });
    assert.equal(parseFieldInput('many', 22).ok, false);
    assert.deepEqual(parseFieldInput('FALSE', true), { ok: true, value: false });
    assert.equal(parseFieldInput('yes', true).ok, false);
    assert.deepEqual(parseFieldInput('["a"]', ['b']), { ok: true, value: ['a'] });
    assert.equal(parseFieldInput('[oops', ['b']).ok, false);
    assert.deepEqual(parseFieldInput('/incoming ', '/in'), { ok: true, value: '/incoming ' });
  });
});

describe('parsePushConfigJson', () => {
  test('empty means the destination defaults; an object is taken as it is', () => {
    assert.deepEqual(parsePushConfigJson('  '), { ok: true, value: undefined });
    assert.deepEqual(parsePushConfigJson('{"path": "/incoming"}'), { ok: true, value: { path: '/incoming' } });
  });

  test('refuses what is not a JSON object, saying what to write', () => {
    const notJson = parsePushConfigJson('{path: 1}');
    assert.ok(!notJson.ok && /Not JSON/.test(notJson.message));
    const array = parsePushConfigJson('[1]');
    assert.ok(!array.ok && /must be a JSON object/.test(array.message));
  });
});
