import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CatalogCategory } from '../../../../language/src/catalog/catalog';
import { CatalogInterner } from '../../../../language/src/catalog/catalog-interner';

const age = (): CatalogCategory => ({
  label: 'Age',
  unit: 'years',
  representations: [
    { label: 'Age', dataType: 'INTEGERS', statistics: { average: 41.5, distinctValues: 80 } },
    { label: 'Age bands', dataType: 'INTEGER_RANGES', possibleValues: ['[0, 18)', '[18, 99)'], bins: [0, 18, 99] },
  ],
});

test('equal categories come back as one shared object with every field kept', () => {
  const interner = new CatalogInterner();
  const first = interner.category(age());
  const second = interner.category(age());
  assert.equal(second, first);
  assert.deepEqual(first, age());
});

test('categories that differ in any field stay apart', () => {
  const interner = new CatalogInterner();
  const base = interner.category(age());
  assert.notEqual(interner.category({ ...age(), unit: 'months' }), base);
  assert.notEqual(interner.category({ ...age(), representations: [age().representations[0]!] }), base);
  const otherValues = age();
  assert.notEqual(
    interner.category({ ...otherValues, representations: [otherValues.representations[0]!, { ...otherValues.representations[1]!, possibleValues: ['[0, 99)'] }] }),
    base,
  );
});

test('equal lists of categories and of names are shared; different ones are not', () => {
  const interner = new CatalogInterner();
  const gender: CatalogCategory = { label: 'Gender', representations: [{ label: 'Gender', possibleValues: ['F', 'M'] }] };
  const list = interner.categoryList([age(), gender]);
  assert.equal(interner.categoryList([age(), { ...gender }]), list);
  assert.notEqual(interner.categoryList([gender, age()]), list);
  assert.deepEqual(list, [age(), gender]);
  const keys = interner.textList(['email', 'phone']);
  assert.equal(interner.textList(['email', 'phone']), keys);
  assert.notEqual(interner.textList(['email']), keys);
  assert.deepEqual(keys, ['email', 'phone']);
});

test('the same possible values in different categories are one list', () => {
  const interner = new CatalogInterner();
  const a = interner.category({ label: 'A', representations: [{ label: 'A', possibleValues: ['yes', 'no'] }] });
  const b = interner.category({ label: 'B', representations: [{ label: 'B', possibleValues: ['yes', 'no'] }] });
  assert.equal(a.representations[0]?.possibleValues, b.representations[0]?.possibleValues);
});

test('wire categories are converted once: the same wire list is the same list, a wire category seen in another list is not converted again', () => {
  const interner = new CatalogInterner();
  const converted: string[] = [];
  const convert = (wire: { name: string }): CatalogCategory => {
    converted.push(wire.name);
    return { label: wire.name, representations: [{ label: wire.name }] };
  };
  const age = { name: 'Age' };
  const gender = { name: 'Gender' };
  const list = interner.categoryListFrom([age, gender], convert);
  const wireList = [gender, age];
  const reordered = interner.categoryListFrom(wireList, convert);
  assert.equal(interner.categoryListFrom(wireList, convert), reordered);
  assert.deepEqual(converted, ['Age', 'Gender']);
  assert.equal(reordered[0], list[1]);
  assert.equal(reordered[1], list[0]);
  // An equal category from another wire object is still judged equal, and shared.
  const again = interner.categoryListFrom([{ name: 'Age' }, { name: 'Gender' }], convert);
  assert.equal(again, list);
  assert.deepEqual(converted, ['Age', 'Gender', 'Age', 'Gender']);
});
