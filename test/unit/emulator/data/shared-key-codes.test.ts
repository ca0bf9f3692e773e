import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildDictionaryColumn } from '../../../../emulator/src/data/dictionary-column';
import type { DatasetColumn } from '../../../../emulator/src/data/dictionary-column';
import { numberKeyColumns } from '../../../../emulator/src/data/shared-key-codes';
import type { SharedKeyCodes } from '../../../../emulator/src/data/shared-key-codes';

function sharedCodeOf(codes: SharedKeyCodes, column: DatasetColumn, row: number): number {
  const code = column.codes[row] ?? -1;
  return codes.remap === undefined ? code : (codes.remap[code] ?? -1);
}

describe('numberKeyColumns', () => {
  const large = buildDictionaryColumn('email', ['a@x', 'b@x', 'c@x', 'a@x', 'd@x'], true);
  const small = buildDictionaryColumn('email', ['c@x', 'z@x', '', 'a@x'], true);

  it('gives equal values of different columns one shared code, and different values different codes', () => {
    const shared = numberKeyColumns(new Map([['email', [small, large]]]));
    const ofLarge = shared.get(large);
    const ofSmall = shared.get(small);
    assert.ok(ofLarge && ofSmall);
    assert.equal(ofLarge.numbering, ofSmall.numbering, 'one numbering per label');
    assert.equal(ofLarge.numbering.count, 5, 'a, b, c, d and z');
    assert.equal(sharedCodeOf(ofSmall, small, 0), sharedCodeOf(ofLarge, large, 2), 'c@x');
    assert.equal(sharedCodeOf(ofSmall, small, 3), sharedCodeOf(ofLarge, large, 0), 'a@x');
    const zCode = sharedCodeOf(ofSmall, small, 1);
    assert.ok([0, 1, 2].every((row) => sharedCodeOf(ofLarge, large, row) !== zCode), 'z@x is only in the small column');
  });

  it('numbers the largest column first, whose codes then need no remap', () => {
    const shared = numberKeyColumns(new Map([['email', [small, large]]]));
    assert.equal(shared.get(large)?.remap, undefined);
    assert.ok(shared.get(small)?.remap instanceof Int32Array);
  });

  it('leaves out a label held by one column with values, and columns without values', () => {
    const empty = buildDictionaryColumn('phone', ['', ''], true);
    const phone = buildDictionaryColumn('phone', ['111'], true);
    const shared = numberKeyColumns(new Map([['phone', [phone, empty]], ['email', [large]]]));
    assert.equal(shared.size, 0);
  });
});
