import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildDictionaryColumn } from '../../../../emulator/src/data/dictionary-column';
import type { DatasetColumn } from '../../../../emulator/src/data/dictionary-column';
import { numberKeyColumns } from '../../../../emulator/src/data/shared-key-codes';
import type { SharedKeyCodes } from '../../../../emulator/src/data/shared-key-codes';
import type { EngineDataset } from '../../../../emulator/src/engine/index';
import { computeMatching } from '../../../../emulator/src/engine/matching';
import { bank, idGraph, publisher, retail } from './engine-fixtures';

/** The datasets with their key columns numbered together, as the folder loader does. */
function numberedAtLoad(datasets: readonly EngineDataset[]): EngineDataset[] {
  const columnsByLabel = new Map<string, DatasetColumn[]>();
  for (const dataset of datasets) {
    for (const label of dataset.keys) {
      const column = dataset.table.columns.get(label);
      if (column !== undefined) columnsByLabel.set(label, [...(columnsByLabel.get(label) ?? []), column]);
    }
  }
  const shared = numberKeyColumns(columnsByLabel);
  return datasets.map((dataset) => withSharedKeys(dataset, (label) => shared.get(dataset.table.columns.get(label) as DatasetColumn)));
}

function withSharedKeys(dataset: EngineDataset, codesOf: (label: string) => SharedKeyCodes | undefined): EngineDataset {
  const sharedKeys = new Map(dataset.keys.flatMap((label) => {
    const codes = codesOf(label);
    return codes === undefined ? [] : [[label, codes] as const];
  }));
  return { ...dataset, table: { ...dataset.table, sharedKeys } };
}

/** The dataset with its e-mails all code 0 of `numbering`, as if numbered at load (wrongly: it shows which numbering is read). */
function withEmailsAsOneValue(numbering: SharedKeyCodes['numbering']): (dataset: EngineDataset) => EngineDataset {
  return (dataset) =>
    withSharedKeys(dataset, (label) => {
      const column = dataset.table.columns.get(label);
      return label === 'email' && column ? { column, numbering, remap: new Int32Array(column.distinctCount) } : undefined;
    });
}

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

  it('gives the same individuals from the key numbering made at load as from its own', () => {
    for (const datasets of [[retail, bank], [retail, publisher, idGraph], [idGraph, bank, publisher, retail]]) {
      assert.deepEqual(computeMatching(numberedAtLoad(datasets)), computeMatching(datasets));
    }
  });

  it('reads the key numbering made at load instead of numbering the keys again', () => {
    // A numbering that (wrongly) calls every e-mail one value shows which numbering is read.
    const oneValue = withEmailsAsOneValue({ label: 'email', count: 1 });
    const matching = computeMatching([oneValue(retail), oneValue(bank)]);
    const [retailRows, bankRows] = matching.individualOfRow;
    assert.equal(bankRows[2], retailRows[0], 'z@x of Bank is a@x of Retail in that numbering');
  });

  it('numbers the keys afresh when one dataset was not numbered with the others (published later)', () => {
    const [numberedRetail] = numberedAtLoad([retail, bank]);
    assert.deepEqual(computeMatching([numberedRetail!, bank]), computeMatching([retail, bank]));
    assert.deepEqual(computeMatching([bank, numberedRetail!]), computeMatching([bank, retail]));
  });

  it('numbers the keys afresh when the datasets come from two numberings made at load', () => {
    const [numberedRetail] = numberedAtLoad([retail, publisher]);
    const [numberedBank] = numberedAtLoad([bank, idGraph]);
    assert.deepEqual(computeMatching([numberedRetail!, numberedBank!]), computeMatching([retail, bank]));
  });

  it('numbers the keys afresh when the datasets hold under a quarter of the numbering made at load', () => {
    // The same wrong one-value numbering as above, but said to number far more values than these hold.
    const oneValue = withEmailsAsOneValue({ label: 'email', count: 1_000_000 });
    assert.deepEqual(computeMatching([oneValue(retail), oneValue(bank)]), computeMatching([retail, bank]));
  });

  it('ignores a numbering made for another column than the one the table holds', () => {
    const other = buildDictionaryColumn('email', ['q@x'], true);
    const stale = (dataset: EngineDataset): EngineDataset =>
      withSharedKeys(dataset, () => ({ column: other, numbering: { label: 'email', count: 1 }, remap: new Int32Array(1) }));
    assert.deepEqual(computeMatching([stale(retail), stale(bank)]), computeMatching([retail, bank]));
  });
});
