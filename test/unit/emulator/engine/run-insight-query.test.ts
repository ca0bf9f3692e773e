import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { QueryDimension, QueryResult } from '../../../../common/api/v1-queries';
import { MatchingCache, runInsightQuery } from '../../../../emulator/src/engine/index';
import type { EngineDataset } from '../../../../emulator/src/engine/index';
import { allDatasets, bank, buildTable, idGraph, publisher, retail, withThresholds } from './engine-fixtures';

function run(text: string, datasets: readonly EngineDataset[] = allDatasets): QueryResult {
  const outcome = runInsightQuery(text, datasets);
  if (!outcome.ok) assert.fail(`${text}\n→ ${outcome.error.message}`);
  return outcome.value;
}

function count(text: string, datasets?: readonly EngineDataset[]): number | undefined {
  return run(text, datasets).audience;
}

/** The dimensions as compact [value, count, children?] tuples, for readable expectations. */
type Row = [string, string] | [string, string, Row[]];
function rows(dimensions: readonly QueryDimension[] | undefined): Row[] {
  return (dimensions ?? []).map((dimension) =>
    dimension.dimensions !== undefined
      ? [dimension.value ?? '', String(dimension.count), rows(dimension.dimensions)]
      : [dimension.value ?? '', String(dimension.count)],
  );
}

describe('runInsightQuery: audience and set operators', () => {
  it('counts the individuals of one dataset (two records with one email are one person)', () => {
    assert.equal(count('SELECT COUNT() FROM Retail'), 5);
    assert.equal(count('SELECT COUNT() FROM Bank'), 4);
  });

  it('INTERSECT, UNION and EXCLUDE', () => {
    assert.equal(count('SELECT COUNT() FROM Retail INTERSECT Bank'), 2);
    assert.equal(count('SELECT COUNT() FROM Retail UNION Bank'), 7);
    assert.equal(count('SELECT COUNT() FROM Retail EXCLUDE Bank'), 3);
    assert.equal(count('SELECT COUNT() FROM Bank EXCLUDE Retail'), 2);
  });

  it('applies operators left to right, with equal precedence', () => {
    // ((Retail ∪ Bank) ∩ Publisher) = {Bb, D}; SQL precedence would give Retail ∪ ∅ = 5.
    assert.equal(count('SELECT COUNT() FROM Retail UNION Bank INTERSECT Publisher'), 2);
    assert.equal(count('SELECT COUNT() FROM Retail UNION (Bank INTERSECT Publisher)'), 5);
  });

  it('lets parentheses change the order', () => {
    assert.equal(count('SELECT COUNT() FROM Retail EXCLUDE Bank UNION Publisher'), 7);
    assert.equal(count('SELECT COUNT() FROM Retail EXCLUDE (Bank UNION Publisher)'), 1);
  });

  it('matches on any shared key (keys combine with OR)', () => {
    // IdGraph row 0 matches A by email, row 1 matches D by phone.
    assert.equal(count('SELECT COUNT() FROM Retail INTERSECT IdGraph'), 2);
  });

  it('connects datasets transitively through a LINK WITH glue dataset, which adds no one', () => {
    assert.equal(count('SELECT COUNT() FROM Retail INTERSECT Publisher'), 2);
    assert.equal(count('SELECT COUNT() FROM Retail INTERSECT Publisher LINK WITH IdGraph'), 3);
    assert.equal(count('SELECT COUNT() FROM Retail LINK WITH IdGraph'), 5);
    assert.equal(count('SELECT COUNT() FROM Retail ENRICH WITH Bank'), 5);
  });

  it('answers 0 when the datasets share no key', () => {
    assert.equal(count('SELECT COUNT() FROM Bank INTERSECT Publisher'), 0);
  });
});

describe('runInsightQuery: filters', () => {
  const cases: [string, string][] = [
    ['Age = 34', '1'],
    ['Age != 34', '3'],
    ['Age <> 34', '3'],
    ['Age < 22', '1'],
    ['Age <= 22', '2'],
    ['Age > 34', '1'],
    ['Age >= 34', '2'],
    ["Gender IN ('Male', 'Other')", '2'],
    ["Gender = 'Female' AND Age > 30", '2'],
    ["Gender = 'Male' OR Region = 'Wales'", '2'],
    // AND binds tighter than OR: Male OR (Other AND > 30).
    ["Gender = 'Male' OR Gender = 'Other' AND Age > 30", '1'],
    ["(Gender = 'Male' OR Gender = 'Other') AND Age > 30", '0'],
    ["(Gender = 'Female' OR Age < 25) AND NOT Region = 'North'", '3'],
    ["\"Last Purchase\" >= '2025-01-01'", '2'],
    ["\"Last Purchase\" < '2025-01-01'", '2'],
    ['Spend >= 50.5', '1'],
    ['Age > -1', '4'],
  ];
  for (const [condition, expected] of cases) {
    it(`WHERE ${condition} → ${expected}`, () => {
      assert.equal(count(`SELECT COUNT() FROM Retail WHERE ${condition}`), Number(expected));
    });
  }

  it('reads the value of the record with the lowest row number', () => {
    // A's rows say 34/Female (row 0) and 60/Male (row 4): only row 0 counts.
    assert.equal(count('SELECT COUNT() FROM Retail WHERE Age > 50'), 0);
    assert.equal(count("SELECT COUNT() FROM Retail WHERE Gender = 'Male'"), 1);
  });

  it('treats a comparison on a missing value as false, and NOT negates that', () => {
    // E has no Age; D has no Region.
    assert.equal(count('SELECT COUNT() FROM Retail WHERE Age < 100'), 4);
    assert.equal(count('SELECT COUNT() FROM Retail WHERE NOT Age < 100'), 1);
    assert.equal(count("SELECT COUNT() FROM Retail WHERE Region != 'North'"), 2);
    assert.equal(count("SELECT COUNT() FROM Retail WHERE NOT Region = 'North'"), 3);
  });

  it('filters on a dataset outside the audience through ENRICH WITH', () => {
    // Retail individuals with Bank income ≥ 20000: only A.
    assert.equal(count('SELECT COUNT() FROM Retail WHERE Bank.Income >= 20000 ENRICH WITH Bank'), 1);
    // An individual with no Bank record has no Income: the comparison is false.
    assert.equal(count('SELECT COUNT() FROM Retail WHERE Bank.Income < 20000 ENRICH WITH Bank'), 1);
  });
});

describe('runInsightQuery: AGGREGATE and bins', () => {
  it('makes numeric ranges [b0, b1) … and drops values outside them', () => {
    const result = run('SELECT AGGREGATE(Age {0, 30, 40}) FROM Retail');
    assert.deepEqual(rows(result.dimensions), [
      ['[0, 30)', '2'],
      ['[30, 40)', '1'],
    ]);
    const first = result.dimensions[0];
    assert.equal(first.continuous, true);
    assert.equal(first.category, 'Age');
    assert.equal(first.private_id, 'Retail');
    assert.equal(result.audience, 5, 'the audience is reported with any selection');
  });

  it('counts only the listed values for string bins, in the order written', () => {
    assert.deepEqual(rows(run("SELECT AGGREGATE(Gender {'Other', 'Female'}) FROM Retail").dimensions), [
      ['Other', '1'],
      ['Female', '3'],
    ]);
  });

  it("uses the representation's own bins when none are written", () => {
    assert.deepEqual(rows(run('SELECT AGGREGATE(Age/Decades) FROM Retail').dimensions), [
      ['[0, 30)', '2'],
      ['[30, 60)', '2'],
    ]);
    // Bank.Income's first (default) representation has bins.
    assert.deepEqual(rows(run('SELECT AGGREGATE(Income) FROM Bank').dimensions), [
      ['[0, 20000)', '2'],
      ['[20000, 40000)', '1'],
      ['[40000, 100000)', '1'],
    ]);
  });

  it('makes one bin per distinct value otherwise, ascending (numerically for numbers)', () => {
    const result = run('SELECT AGGREGATE(Gender) FROM Retail');
    assert.deepEqual(rows(result.dimensions), [
      ['Female', '3'],
      ['Male', '1'],
      ['Other', '1'],
    ]);
    assert.equal(result.dimensions[0].continuous, false);
    assert.deepEqual(rows(run('SELECT AGGREGATE(Age) FROM Retail').dimensions), [
      ['9', '1'],
      ['22', '1'],
      ['34', '1'],
      ['41', '1'],
    ]);
    assert.deepEqual(rows(run('SELECT AGGREGATE(Income/Income) FROM Bank').dimensions), [
      ['1000', '1'],
      ['15000', '1'],
      ['30000', '1'],
      ['50000', '1'],
    ]);
  });

  it('nests dimensions: each bin holds the next dimension for its individuals', () => {
    assert.deepEqual(rows(run('SELECT AGGREGATE(Gender, Region) FROM Retail').dimensions), [
      ['Female', '3', [['North', '2'], ['Wales', '1']]],
      ['Male', '1', [['South', '1']]],
      ['Other', '1', []],
    ]);
  });

  it('nests dimensions of different datasets', () => {
    const result = run('SELECT AGGREGATE(Retail.Gender, Bank.Income {0, 20000, 40000}) FROM Retail INTERSECT Bank');
    assert.deepEqual(rows(result.dimensions), [['Female', '2', [['[0, 20000)', '1'], ['[20000, 40000)', '1']]]]);
    assert.equal(result.dimensions[0].dimensions?.[0].private_id, 'Bank');
  });

  it('counts only the filtered audience', () => {
    assert.deepEqual(rows(run("SELECT AGGREGATE(Gender) FROM Retail WHERE Region = 'North'").dimensions), [['Female', '2']]);
  });
});

describe('runInsightQuery: TOPN, SUM and AVG', () => {
  it('TOPN keeps the n most frequent values, ties by value ascending', () => {
    // Sport 2 (Bb via row 0, P2), News 2, Money 1, Arts 1.
    assert.deepEqual(rows(run('SELECT TOPN(Section, 3) FROM Publisher').dimensions), [
      ['News', '2'],
      ['Sport', '2'],
      ['Arts', '1'],
    ]);
    assert.deepEqual(rows(run('SELECT TOPN(Publisher.Section, 10) FROM Publisher').dimensions).length, 4);
  });

  it('SUM and AVG over the individuals having a value (lowest row each)', () => {
    // A 100 (not 999), Bb 50, D 20, E 10; C has none.
    const result = run('SELECT SUM(Spend), AVG(Spend) FROM Retail');
    assert.equal(result.sum, 180);
    assert.deepEqual(result.user_average, { mean: 45 });
    assert.deepEqual(result.value_average, { mean: 45 });
    assert.equal(result.audience, 5);
  });

  it('SUM alone answers no average', () => {
    const result = run('SELECT SUM(Income) FROM Bank');
    assert.equal(result.sum, 96000);
    assert.equal(result.user_average, undefined);
  });
});

describe('runInsightQuery: privacy', () => {
  const strictRetail = withThresholds(retail, 2, 0);

  it('leaves out bins below the redaction threshold and reports the share of the audience in them', () => {
    const result = run('SELECT AGGREGATE(Gender) FROM Retail', [strictRetail]);
    assert.deepEqual(rows(result.dimensions), [['Female', '3']]);
    assert.equal(result.quality_measures?.redaction_threshold_outlier, 0.4);
    assert.equal(result.audience, 5);
  });

  it('reports an audience below the threshold as 0', () => {
    const result = run("SELECT COUNT() FROM Retail WHERE Gender = 'Male'", [strictRetail]);
    assert.equal(result.audience, 0);
  });

  it('drops a redacted bin with everything nested in it', () => {
    const result = run('SELECT AGGREGATE(Gender, Region) FROM Retail', [strictRetail]);
    assert.deepEqual(rows(result.dimensions), [['Female', '3', [['North', '2']]]]);
    // E (Wales), Bb (Male) and D (Other) fell in redacted bins: 3 of 5.
    assert.equal(result.quality_measures?.redaction_threshold_outlier, 0.6);
  });

  it('uses the highest threshold among all named datasets', () => {
    const result = run('SELECT AGGREGATE(Gender) FROM Retail ENRICH WITH Bank', [strictRetail, withThresholds(bank, 4, 0)]);
    assert.deepEqual(result.dimensions, []);
    assert.equal(result.quality_measures?.redaction_threshold_outlier, 1);
    assert.equal(result.audience, 5);
  });

  it('rounds surviving counts to the nearest multiple, halves up', () => {
    const byTwo = run('SELECT AGGREGATE(Gender) FROM Retail', [withThresholds(retail, 0, 2)]);
    assert.deepEqual(rows(byTwo.dimensions), [
      ['Female', '4'],
      ['Male', '2'],
      ['Other', '2'],
    ]);
    assert.equal(byTwo.audience, 6);
    assert.equal(count('SELECT COUNT() FROM Retail', [withThresholds(retail, 0, 10)]), 10);
    const both = run('SELECT AGGREGATE(Gender) FROM Retail', [withThresholds(retail, 2, 5)]);
    assert.deepEqual(rows(both.dimensions), [['Female', '5']]);
    assert.equal(both.audience, 5);
  });

  it('redacts TOPN values below the threshold', () => {
    const result = run('SELECT TOPN(Section, 3) FROM Publisher', [withThresholds(publisher, 2, 0)]);
    assert.deepEqual(rows(result.dimensions), [
      ['News', '2'],
      ['Sport', '2'],
    ]);
    assert.equal(result.quality_measures?.redaction_threshold_outlier, 1 / 6);
  });

  it('withholds SUM and AVG over fewer contributors than the threshold', () => {
    const result = run('SELECT SUM(Spend), AVG(Spend) FROM Retail', [withThresholds(retail, 5, 0)]);
    assert.equal(result.sum, undefined);
    assert.equal(result.user_average, undefined);
    assert.equal(result.audience, 5);
    assert.equal(result.quality_measures?.redaction_threshold_outlier, 0.8);
  });
});

describe('runInsightQuery: metadata, determinism and errors', () => {
  it('reports join and count metadata with the keys used', () => {
    const result = run('SELECT COUNT() FROM Retail INTERSECT Publisher LINK WITH IdGraph');
    assert.deepEqual(result.join_metadata, [
      {
        from_dataset: { id: 'Retail', name: 'Retail' },
        to_dataset: { id: 'Publisher', name: 'Publisher' },
        keys: [{ key_id: '2', name: 'phone' }],
      },
    ]);
    assert.deepEqual(
      result.count_metadata?.map((entry) => entry.dataset?.name),
      ['Retail', 'Publisher'],
    );
  });

  it('answers the same result twice, with or without a cache', () => {
    const cache = new MatchingCache();
    const text = 'SELECT AGGREGATE(Gender, Region) FROM Retail UNION Bank WHERE Retail.Age > 1';
    const plain = run(text, [retail, bank]);
    const cached = runInsightQuery(text, [retail, bank], { cache });
    const again = runInsightQuery(text, [bank, retail], { cache });
    assert.ok(cached.ok && again.ok);
    assert.deepEqual(cached.value, plain);
    assert.deepEqual(again.value, plain);
    assert.equal(JSON.stringify(run(text, [retail, bank])), JSON.stringify(plain));
  });

  it('never answers from a stale matching when a table is replaced', () => {
    const cache = new MatchingCache();
    assert.ok(runInsightQuery('SELECT COUNT() FROM Retail INTERSECT Bank', [retail, bank], { cache }).ok);
    const newBank = { ...bank, table: buildTable(['email'], [['a@x'], ['b@x'], ['c@x']]) };
    const outcome = runInsightQuery('SELECT COUNT() FROM Retail INTERSECT Bank', [retail, newBank], { cache });
    assert.ok(outcome.ok);
    assert.equal(outcome.value.audience, 3);
  });

  it('answers errors as values, never throwing', () => {
    const outcome = runInsightQuery('SELECT Retail.ID FROM Retail', allDatasets);
    assert.equal(outcome.ok, false);
    assert.ok(!outcome.ok && outcome.error.code === 'iql.wrong-query-type');
    const unknown = runInsightQuery('SELECT COUNT() FROM Nope', [idGraph]);
    assert.ok(!unknown.ok && unknown.error.code === 'iql.unknown-dataset');
  });
});
