import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { computeMatching } from '../../../../emulator/src/engine/matching';
import { bank, idGraph, publisher, retail } from './engine-fixtures';

describe('computeMatching', () => {
  it('joins records sharing a key value, within and across datasets', () => {
    const matching = computeMatching([retail, bank]);
    // Retail: A (rows 0, 4), Bb, C, D, E; Bank adds Z and W and joins A and C.
    assert.equal(matching.individualCount, 7);
    const [retailRows, bankRows] = matching.individualOfRow;
    assert.equal(retailRows[0], retailRows[4], 'two Retail records with email a@x are one individual');
    assert.equal(bankRows[0], retailRows[0], 'Bank a@x is the Retail a@x individual');
    assert.equal(bankRows[1], retailRows[2]);
    assert.notEqual(bankRows[3], bankRows[2], 'a record without keys is an individual of its own');
  });

  it('keeps the lowest row number of each individual per dataset', () => {
    const matching = computeMatching([retail, bank]);
    const individual = matching.individualOfRow[0][4];
    assert.equal(matching.firstRow[0][individual], 0);
    assert.equal(matching.firstRow[1][individual], 0);
    const onlyInBank = matching.individualOfRow[1][2];
    assert.equal(matching.firstRow[0][onlyInBank], -1);
  });

  it('combines keys with OR and is transitive through a glue dataset', () => {
    const without = computeMatching([retail, publisher]);
    // Retail 5 + Publisher individuals not in Retail: 333, 555, 666, 777.
    assert.equal(without.individualCount, 9);
    const linked = computeMatching([retail, publisher, idGraph]);
    // IdGraph row 0 (a@x, 333) glues Retail's A to Publisher row 2; rows 1 and 2 add only 444/z@x.
    assert.equal(linked.individualCount, 9);
    const [retailRows, publisherRows, graphRows] = linked.individualOfRow;
    assert.equal(publisherRows[2], retailRows[0], 'joined by email on one side and phone on the other');
    assert.equal(graphRows[1], retailRows[3], 'IdGraph row 1 matches Retail row 3 by phone');
  });

  it('numbers individuals by their first record, whatever the union order', () => {
    const first = computeMatching([retail, bank, publisher, idGraph]);
    const second = computeMatching([retail, bank, publisher, idGraph]);
    assert.deepEqual(first, second);
    assert.equal(first.individualOfRow[0][0], 0);
  });
});
