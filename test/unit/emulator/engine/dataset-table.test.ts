import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildDatasetTable, buildDatasetTableFromColumns, parseCellNumber } from '../../../../emulator/src/engine/dataset-table';

describe('buildDatasetTable', () => {
  it('dictionary-encodes each column and marks empty cells with -1', () => {
    const table = buildDatasetTable(['email', 'Age'], [
      ['a@x', '34'],
      ['', '22'],
      ['a@x', '  '],
    ]);
    assert.equal(table.rowCount, 3);
    assert.deepEqual(table.columnNames, ['email', 'Age']);
    const email = table.column('email');
    assert.ok(email);
    assert.deepEqual(Array.from(email.codes), [0, -1, 0]);
    assert.deepEqual(email.dictionary, ['a@x']);
    assert.deepEqual(Array.from(email.codeCounts()), [2]);
    const age = table.column('Age');
    assert.ok(age);
    assert.deepEqual(Array.from(age.codes), [0, 1, -1], 'an all-space cell is empty');
    assert.deepEqual(Array.from(age.numbers()), [34, 22]);
  });

  it('pads short rows with empty cells, ignores extra cells and keeps the first of repeated headers', () => {
    const table = buildDatasetTable(['a', 'b', 'a'], [['1'], ['2', 'x', 'ignored', 'more']]);
    assert.deepEqual(table.columnNames, ['a', 'b']);
    assert.deepEqual(Array.from(table.column('b')?.codes ?? []), [-1, 0]);
    assert.equal(table.column('missing'), undefined);
  });

  it('grows past its initial capacity', () => {
    const rows = Array.from({ length: 5000 }, (_, index) => [String(index % 7)]);
    const table = buildDatasetTable(['v'], rows);
    assert.equal(table.rowCount, 5000);
    assert.equal(table.column('v')?.codes.length, 5000);
    assert.equal(table.column('v')?.dictionary.length, 7);
    assert.equal(table.column('v')?.codes[4999], 4999 % 7);
  });

  it('builds the same codes from columns already split out', () => {
    const table = buildDatasetTableFromColumns(3, [
      { name: 'email', values: ['a@x', undefined, 'a@x'] },
      { name: 'short', values: ['x'] },
    ]);
    assert.equal(table.rowCount, 3);
    assert.deepEqual(Array.from(table.column('email')?.codes ?? []), [0, -1, 0]);
    assert.deepEqual(Array.from(table.column('short')?.codes ?? []), [0, -1, -1]);
  });
});

describe('parseCellNumber', () => {
  it('reads plain decimal numbers only', () => {
    assert.equal(parseCellNumber('52000.5'), 52000.5);
    assert.equal(parseCellNumber('-3'), -3);
    assert.equal(parseCellNumber(' 7 '), 7);
    assert.equal(parseCellNumber('1e3'), 1000);
    assert.ok(Number.isNaN(parseCellNumber('0x1A')));
    assert.ok(Number.isNaN(parseCellNumber('abc')));
    assert.ok(Number.isNaN(parseCellNumber('')));
  });
});
