import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runActivationQuery } from '../../../../emulator/src/engine/index';
import type { ActivationRun } from '../../../../emulator/src/engine/index';
import { allDatasets, retail, withThresholds } from './engine-fixtures';

function activate(text: string): ActivationRun {
  const outcome = runActivationQuery(text, allDatasets);
  if (!outcome.ok) assert.fail(`${text}\n→ ${outcome.error.message}`);
  return outcome.value;
}

describe('runActivationQuery', () => {
  it('exports one row per record of the activation dataset whose individual is in the audience', () => {
    // Audience {A, C}: A has Retail rows 0 and 4, C row 2.
    const run = activate('SELECT Retail.ID FROM Retail INTERSECT Bank');
    assert.deepEqual(run.columns, ['ID']);
    assert.deepEqual(run.rows, [['R1'], ['R3'], ['R5']]);
    assert.equal(run.audienceSize, 2);
    assert.deepEqual(run.queryResponse, {
      identities: ['ID'],
      total_rows: 3,
      quality_measures: { redaction_threshold_outlier: 0, model_accuracy: 1 },
    });
  });

  it('applies WHERE to individuals (lowest-row values), then exports all their records', () => {
    // A is Female by row 0, so row 4 (Male) is exported too.
    assert.deepEqual(activate("SELECT Retail.ID FROM Retail WHERE Gender = 'Female'").rows, [['R1'], ['R3'], ['R5'], ['R6']]);
  });

  it('exports several columns in the order selected, empty cells as empty strings', () => {
    assert.deepEqual(activate('SELECT Retail.ID, Retail.email FROM Retail EXCLUDE Bank').rows, [
      ['R2', 'b@x'],
      ['R4', ''],
      ['R6', 'e@x'],
    ]);
  });

  it('is not redacted: §9 defines the export as every matching record', () => {
    const outcome = runActivationQuery('SELECT Retail.ID FROM Retail INTERSECT Bank', [withThresholds(retail, 100, 10), ...allDatasets.slice(1)]);
    assert.ok(outcome.ok);
    assert.equal(outcome.value.rows.length, 3);
  });

  it('refuses output columns of a dataset that is not an activation dataset', () => {
    const outcome = runActivationQuery('SELECT Bank.email FROM Bank', allDatasets);
    assert.ok(!outcome.ok);
    assert.equal(outcome.error.code, 'iql.output-column');
    assert.match(outcome.error.message, /'Bank' is not an activation dataset/);
    assert.deepEqual([outcome.error.line, outcome.error.column], [1, 8]);
  });

  it('refuses insight queries with a message naming the right endpoint', () => {
    const outcome = runActivationQuery('SELECT COUNT() FROM Retail', allDatasets);
    assert.ok(!outcome.ok);
    assert.equal(outcome.error.code, 'iql.wrong-query-type');
    assert.match(outcome.error.message, /insight query/);
  });
});
