import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  DictionaryColumnBuilder,
  buildDictionaryColumn,
  cellText,
  isEmptyCell,
  parsePlainNumber,
} from '../../../../emulator/src/data/dictionary-column';
import { FingerprintTable, fingerprintInto } from '../../../../emulator/src/data/value-fingerprints';

describe('buildDictionaryColumn', () => {
  it('stores each distinct text once and marks empty and all-space cells with -1', () => {
    const column = buildDictionaryColumn('Age', ['34', '', '34', '  ', undefined, '22']);
    assert.equal(column.name, 'Age');
    assert.deepEqual(Array.from(column.codes), [0, -1, 0, -1, -1, 1]);
    assert.deepEqual(column.texts(), ['34', '22']);
    assert.equal(column.distinctCount, 2);
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
    assert.equal(column.distinctCount, 7);
    assert.equal(column.codes[9_999], 9_999 % 7);
  });
});

describe('DictionaryColumnBuilder', () => {
  it('keeps every row of a column longer than one block of codes, in order', () => {
    const rows = 2_500_000;
    const builder = new DictionaryColumnBuilder('Sex');
    for (let row = 0; row < rows; row++) builder.add(row % 3 === 0 ? 'Male' : row % 3 === 1 ? 'Female' : '');
    const column = builder.finish();
    assert.equal(column.codes.length, rows);
    for (const row of [0, 1, 2, 1_048_575, 1_048_576, 2_097_152, rows - 1]) assert.equal(column.codes[row], row % 3 === 2 ? -1 : row % 3, `row ${row}`);
    assert.deepEqual(Array.from(column.codeCounts()), [833_334, 833_333]);
  });

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

describe('a column of many distinct values', () => {
  it('numbers every value past the texts it keeps in a Map and gives each repeated text its first code', () => {
    const cells = Array.from({ length: 20_000 }, (_, index) => `v${index % 9_000}é`);
    const column = buildDictionaryColumn('email', cells);
    assert.equal(column.distinctCount, 9_000);
    assert.equal(column.codes[18_999], 999);
    assert.equal(column.text(8_999), 'v8999é');
    assert.equal(cellText(column, 12_345), 'v3345é');
  });

  it('keeps a key-only column as fingerprints: same codes and counts, equal values equal fingerprints across columns, no texts', () => {
    const cells = ['a@x', 'b@x', 'a@x', '', 'c@x'];
    const key = buildDictionaryColumn('email', cells, true);
    const shown = buildDictionaryColumn('email', ['c@x', 'a@x']);
    assert.equal(key.hasTexts, false);
    assert.deepEqual(Array.from(key.codes), [0, 1, 0, -1, 2]);
    assert.deepEqual(Array.from(key.codeCounts()), [2, 1, 1]);
    assert.deepEqual(Array.from(shown.fingerprints().subarray(0, 2)), Array.from(key.fingerprints().subarray(4, 6)));
    assert.deepEqual(Array.from(shown.fingerprints().subarray(2, 4)), Array.from(key.fingerprints().subarray(0, 2)));
    assert.throws(() => key.text(0), /key column/);
  });
});

describe('FingerprintTable', () => {
  it('numbers distinct fingerprints in order of arrival while it grows, and finds them again', () => {
    const table = new FingerprintTable();
    const codes = Array.from({ length: 1_000 }, (_, index) => table.add(`value ${index % 700}`));
    assert.equal(table.count, 700);
    assert.deepEqual(codes.slice(695, 705), [695, 696, 697, 698, 699, 0, 1, 2, 3, 4]);
    const words = new Uint32Array(6);
    fingerprintInto('value 42', words, 0);
    fingerprintInto('value 700', words, 1);
    // Grown at 513 numbers and moving two per insert since: 500 is still in the outgrown slots.
    fingerprintInto('value 500', words, 2);
    assert.deepEqual([table.find(words, 0), table.find(words, 1), table.find(words, 2)], [42, -1, 500]);
  });

  it('gives a new number to an equal fingerprint the caller says is another value (a text column confirms matches)', () => {
    const table = new FingerprintTable();
    fingerprintInto('same', table.reserve(), table.count);
    assert.equal(table.accept(), 0);
    fingerprintInto('same', table.reserve(), table.count);
    assert.equal(table.lookupPending(() => false), 1);
    assert.equal(table.lookupPending(() => true), 0);
  });
});
