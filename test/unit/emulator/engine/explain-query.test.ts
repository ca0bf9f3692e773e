import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ExplainQueryResponse, PlanJoin } from '../../../../common/api/v1-queries';
import { ExplainQueryResponseSchema } from '../../../../common/api/v1-queries';
import { explainQuery } from '../../../../emulator/src/engine/index';
import { allDatasets, bank, retail, withThresholds } from './engine-fixtures';

function explain(text: string, datasets = allDatasets): ExplainQueryResponse {
  const outcome = explainQuery(text, datasets);
  if (!outcome.ok) assert.fail(`${text}\n→ ${outcome.error.message}`);
  assert.ok(ExplainQueryResponseSchema.safeParse(outcome.value).success, 'matches the wire schema');
  return outcome.value;
}

/** A join tree as a compact string: AND(Retail>Retail, Retail>Bank). */
function shape(join: PlanJoin | undefined): string {
  if (join === undefined) return '-';
  if (join.combinator !== undefined) return `${join.combinator.type}(${(join.combinator.joins ?? []).map(shape).join(', ')})`;
  return `${join.from_private_id}>${join.to_private_id}`;
}

describe('explainQuery: join trees', () => {
  it('maps INTERSECT, UNION and EXCLUDE to AND, OR and NOT, keeping parentheses', () => {
    assert.equal(shape(explain('SELECT COUNT() FROM Retail INTERSECT Bank').query_plan?.plan?.aggregation_joins), 'AND(Retail>Retail, Retail>Bank)');
    assert.equal(
      shape(explain('SELECT COUNT() FROM Retail UNION Bank UNION Publisher').query_plan?.plan?.aggregation_joins),
      'OR(Retail>Retail, Retail>Bank, Retail>Publisher)',
    );
    assert.equal(
      shape(explain('SELECT COUNT() FROM Retail UNION (Bank UNION Publisher)').query_plan?.plan?.aggregation_joins),
      'OR(Retail>Retail, OR(Retail>Bank, Retail>Publisher))',
    );
    assert.equal(
      shape(explain('SELECT COUNT() FROM Retail UNION Bank EXCLUDE Publisher').query_plan?.plan?.aggregation_joins),
      'NOT(OR(Retail>Retail, Retail>Bank), Retail>Publisher)',
    );
    assert.equal(shape(explain('SELECT COUNT() FROM Bank').query_plan?.plan?.aggregation_joins), 'Bank>Bank');
  });

  it('builds the filter tree from WHERE, NOT with a single join', () => {
    const plan = explain("SELECT COUNT() FROM Retail WHERE Age > 20 AND NOT (Gender = 'Male' OR Region = 'North')").query_plan?.plan;
    assert.equal(shape(plan?.filter_joins), 'AND(Retail>Retail, NOT(OR(Retail>Retail, Retail>Retail)))');
    const comparison = plan?.filter_joins?.combinator?.joins?.[0];
    assert.equal(comparison?.representation?.filter, 'Age > 20');
    assert.equal(explain('SELECT COUNT() FROM Retail').query_plan?.plan?.filter_joins, undefined);
  });

  it('numbers joins uniquely, aggregation tree first', () => {
    const plan = explain('SELECT COUNT() FROM Retail INTERSECT Bank WHERE Retail.Age > 1').query_plan?.plan;
    const ids = [plan?.aggregation_joins?.id, ...(plan?.aggregation_joins?.combinator?.joins ?? []).map((join) => join.id), plan?.filter_joins?.id];
    assert.deepEqual(ids, [1, 2, 3, 4]);
  });
});

describe('explainQuery: keys and hops computed from the data', () => {
  it('reports the key used with overlap, duplicates and sizes', () => {
    const response = explain('SELECT COUNT() FROM Retail INTERSECT Bank');
    const leaf = response.query_plan?.plan?.aggregation_joins?.combinator?.joins?.[1];
    // Retail emails a (2 rows), b, c, e; Bank emails a, c, z: overlap {a, c}, one extra row for a.
    const stats = { key_name: 'email', overlap: '2', duplicates: '1', from_dataset_size: '4', to_dataset_size: '3' };
    assert.deepEqual(leaf?.keys, { max_overcounted: 0, used: ['email'], keys: [stats], inferred: true });
    assert.deepEqual(response.hop_table, [
      { id: 1, join_id: 3, from_private_id: 'Retail', to_private_id: 'Bank', ...stats, max_overcounted_values: 0 },
    ]);
  });

  it('shows the path through a glue dataset hop by hop', () => {
    const response = explain('SELECT COUNT() FROM Bank INTERSECT Publisher LINK WITH IdGraph');
    const hops = response.hop_table.map((hop) => `${hop.join_id}:${hop.from_private_id}>${hop.to_private_id}:${hop.key_name}:${hop.overlap}`);
    // Bank→IdGraph on email (a@x, z@x), IdGraph→Publisher on phone (222, 333).
    assert.deepEqual(hops, ['3:Bank>IdGraph:email:2', '3:IdGraph>Publisher:phone:2']);
    const leaf = response.query_plan?.plan?.aggregation_joins?.combinator?.joins?.[1];
    assert.deepEqual(leaf?.keys?.used, ['email', 'phone']);
  });

  it('lists every shared key of a hop (keys combine with OR)', () => {
    const response = explain('SELECT COUNT() FROM Retail INTERSECT IdGraph');
    assert.deepEqual(
      response.hop_table.map((hop) => [hop.key_name, hop.overlap]),
      [
        ['email', '1'],
        ['phone', '1'],
      ],
    );
  });
});

describe('explainQuery: representations, bins and thresholds', () => {
  it('marks the representation and bins as inferred unless written', () => {
    const response = explain("SELECT AGGREGATE(Age, Retail.Age/Decades, Gender {'Female'}) FROM Retail");
    const plan = response.query_plan?.plan;
    assert.equal(plan?.private_id, 'Retail');
    assert.deepEqual(
      { ...plan?.representation, representations: undefined },
      { category: 'Age', selected_representation: 'Age', inferred: true, bins: [], filter: '', representations: undefined },
    );
    assert.deepEqual(plan?.representation?.representations, [
      { name: 'Age', type: 'INTEGERS', bins: [] },
      { name: 'Decades', type: 'INTEGERS', bins: ['[0, 30)', '[30, 60)'] },
    ]);
    assert.deepEqual(response.query_plan?.results?.dimensions, [
      { private_id: 'Retail', category: 'Age', bins: ['9', '22', '34', '41', '60'], inferred_bins: true },
      { private_id: 'Retail', category: 'Age', bins: ['[0, 30)', '[30, 60)'], inferred_bins: true },
      { private_id: 'Retail', category: 'Gender', bins: ['Female'], inferred_bins: false },
    ]);
  });

  it('marks an explicit representation as not inferred and shows written bins', () => {
    const plan = explain('SELECT AGGREGATE(Age/Decades {0, 18, 65}) FROM Retail').query_plan?.plan;
    assert.equal(plan?.representation?.selected_representation, 'Decades');
    assert.equal(plan?.representation?.inferred, false);
    assert.deepEqual(plan?.representation?.bins, ['[0, 18)', '[18, 65)']);
  });

  it('takes the first dimension or measure dataset as the aggregation dataset', () => {
    const response = explain('SELECT AGGREGATE(Bank.Income) FROM Retail ENRICH WITH Bank');
    assert.equal(response.query_plan?.plan?.private_id, 'Bank');
    assert.equal(shape(response.query_plan?.plan?.aggregation_joins), 'Bank>Retail');
    assert.equal(explain('SELECT SUM(Spend) FROM Retail').query_plan?.plan?.representation?.category, 'Spend');
    assert.deepEqual(explain('SELECT TOPN(Section, 2) FROM Publisher').query_plan?.results?.dimensions?.[0]?.bins, []);
  });

  it('reports the thresholds of the query and of each dataset, and the filter', () => {
    const results = explain('SELECT COUNT() FROM Retail INTERSECT Bank WHERE Retail.Age > 1', [withThresholds(retail, 5, 10), withThresholds(bank, 8, 2)])
      .query_plan?.results;
    assert.deepEqual(results?.redaction_threshold, {
      threshold: 8,
      datasets: [
        { private_id: 'Retail', threshold: 5 },
        { private_id: 'Bank', threshold: 8 },
      ],
    });
    assert.equal(results?.rounding_threshold?.threshold, 10);
    assert.equal(results?.filter, 'Retail.Age > 1');
  });

  it('explains activation queries too, aggregating on the output dataset', () => {
    const plan = explain('SELECT Retail.ID FROM Bank INTERSECT Retail').query_plan?.plan;
    assert.equal(plan?.private_id, 'Retail');
    assert.equal(shape(plan?.aggregation_joins), 'AND(Retail>Bank, Retail>Retail)');
  });

  it('answers validation errors as values', () => {
    const outcome = explainQuery('SELECT COUNT() FROM Nope', allDatasets);
    assert.ok(!outcome.ok && outcome.error.code === 'iql.unknown-dataset');
  });
});
