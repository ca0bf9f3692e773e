/** The emulator's normalizer functions (emulator/README.md) and the data-type reading of attribute values. */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { composeFunctions, functionProblem, readsAs } from '../../../../emulator/src/supply/normalizer-functions';

describe('normalizer functions', () => {
  it('apply in order, each as documented', () => {
    const run = (specs: Record<string, unknown>[], value: string) => composeFunctions(specs)(value);
    assert.equal(run([{ name: 'trim' }, { name: 'uppercase' }], '  a@X '), 'A@X');
    assert.equal(run([{ name: 'lowercase' }], 'A@X'), 'a@x');
    assert.equal(run([{ name: 'digits_only' }], '+44 (0)20-7946'), '440207946');
    assert.equal(run([{ name: 'sha256' }], 'a@x'), createHash('sha256').update('a@x').digest('hex'));
    assert.equal(run([{ name: 'sha256' }], ''), '');
    assert.deepEqual([' 042', '4.0', '4.5', 'x', ''].map((value) => run([{ name: 'parse_integer' }], value)), ['42', '4', '', '', '']);
    assert.deepEqual(['F', 'M', 'X'].map((value) => run([{ name: 'map', values: { F: 'Female', M: 'Male' } }], value)), ['Female', 'Male', 'X']);
    assert.equal(run([{ name: 'map', values: { F: 'Female' }, default: 'Other' }], 'X'), 'Other');
    assert.equal(run([], ' kept '), ' kept ');
  });

  it('refuse unknown names and bad arguments, naming where they are', () => {
    assert.equal(functionProblem({ name: 'trim' }, 'f'), undefined);
    assert.match(functionProblem({ name: 'soundex' }, 'keys[0].functions[1]') ?? '', /^keys\[0\]\.functions\[1\]\.name: unknown function 'soundex'; the functions are trim, /);
    assert.match(functionProblem({}, 'f') ?? '', /^f\.name: each function needs a name/);
    assert.match(functionProblem({ name: 'map', values: { F: 1 } }, 'f') ?? '', /^f\.values: /);
    assert.match(functionProblem({ name: 'map', values: {}, default: 3 }, 'f') ?? '', /^f\.default: /);
  });

  it('read attribute values as their data type', () => {
    assert.deepEqual(['25', '-3', '2.5', 'abc'].map((value) => readsAs('INTEGERS', value)), [true, true, false, false]);
    assert.deepEqual(['2.5', '1e3', 'x'].map((value) => readsAs('FLOAT', value)), [true, true, false]);
    assert.deepEqual(['true', 'FALSE', 'yes'].map((value) => readsAs('BOOLEANS', value)), [true, true, false]);
    assert.equal(readsAs('STRINGS', 'anything'), true);
  });
});
