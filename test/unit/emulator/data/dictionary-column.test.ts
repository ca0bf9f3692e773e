import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CodeIndex,
  DictionaryColumnBuilder,
  buildDictionaryColumn,
  cellText,
  isEmptyCell,
  parsePlainNumber,
} from '../../../../emulator/src/data/dictionary-column';

describe('buildDictionaryColumn', () => {
  it('stores each distinct text once and marks empty and all-space cells with -1', () => {
    const column = buildDictionaryColumn('Age', ['34', '', '34', '  ', undefined, '22']);
    assert.equal(column.name, 'Age');
    assert.deepEqual(Array.from(column.codes), [0, -1, 0, -1, -1, 1]);
    assert.deepEqual(column.dictionary, ['34', '22']);
    assert.deepEqual(Array.from(column.codeCounts()), [2, 1]);
    assert.deepEqual(Array.from(column.numbers()), [34, 22]);
    assert.deepEqual([0, 1, 5].map((row) => cellText(column, row)), ['34', undefined, '22']);
  });

  it('gives NaN for dictionary texts that are not plain numbers', () => {
    const numbers = buildDictionaryColumn('v', ['7', '0x1A', 'North']).numbers();
    assert.equal(numbers[0], 7);
    assert.ok(Number.isNaN(numbers[1]) && Number.isNaN(numbers[2]));
  });

  it('grows past its initial capacity without losing a row', () => {
    const cells = Array.from({ length: 10_000 }, (_, index) => String(index % 7));
    const column = buildDictionaryColumn('v', cells);
    assert.equal(column.codes.length, 10_000);
    assert.equal(column.dictionary.length, 7);
    assert.equal(column.codes[9_999], 9_999 % 7);
  });
});

describe('DictionaryColumnBuilder', () => {
  it('says which cells bring a new text, so the loader checks each value once', () => {
    const builder = new DictionaryColumnBuilder('Region');
    assert.deepEqual(['North', 'South', 'North', ''].map((cell) => builder.add(cell)), [
      { code: 0, isNew: true },
      { code: 1, isNew: true },
      { code: 0, isNew: false },
      { code: -1, isNew: false },
    ]);
    assert.deepEqual(Array.from(builder.finish().codes), [0, 1, 0, -1]);
  });
});

describe('isEmptyCell', () => {
  it('treats missing, empty and white-space cells as no value', () => {
    for (const cell of [undefined, '', ' ', '\t ', '\u00a0']) assert.equal(isEmptyCell(cell), true, JSON.stringify(cell));
    for (const cell of ['0', ' x', 'é']) assert.equal(isEmptyCell(cell), false, cell);
  });
});

describe('parsePlainNumber', () => {
  it('reads plain decimal numbers only', () => {
    assert.equal(parsePlainNumber('52000.5'), 52000.5);
    assert.equal(parsePlainNumber('-3'), -3);
    assert.equal(parsePlainNumber(' 7 '), 7);
    assert.equal(parsePlainNumber('1e3'), 1000);
    for (const text of ['0x1A', 'abc', '', 'Infinity']) assert.ok(Number.isNaN(parsePlainNumber(text)), text);
  });
});

describe('a column of more distinct values than one Map holds', () => {
  it('spills into further maps and still gives every repeated text its first code', () => {
    const builder = new DictionaryColumnBuilder('email', 3);
    const cells = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'a', 'e', 'g', 'h'];
    const codes = cells.map((cell) => builder.add(cell));
    assert.deepEqual(codes.map((code) => code.code), [0, 1, 2, 3, 4, 5, 6, 0, 4, 6, 7]);
    assert.deepEqual(codes.map((code) => code.isNew), [true, true, true, true, true, true, true, false, false, false, true]);
    const column = builder.finish();
    assert.deepEqual(column.dictionary, ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
  });
  it('counts its maps: none before the first value, then one until the capacity is reached', () => {
    const index = new CodeIndex(2);
    assert.equal(index.mapCount, 0);
    assert.equal(index.get('x'), undefined);
    index.set('x', 0);
    index.set('y', 1);
    assert.equal(index.mapCount, 1);
    index.set('z', 2);
    assert.equal(index.mapCount, 2);
    assert.deepEqual([index.get('x'), index.get('z'), index.get('w')], [0, 2, undefined]);
  });
});
