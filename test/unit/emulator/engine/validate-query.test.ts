import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { explainQuery, runActivationQuery, runInsightQuery, validateQuery } from '../../../../emulator/src/engine/index';
import type { EngineError } from '../../../../emulator/src/engine/index';
import { allDatasets, bank, publisher, retail } from './engine-fixtures';

function errorOf(text: string, expected: 'insight' | 'activation' | 'any' = 'insight', datasets = allDatasets): EngineError {
  const outcome = validateQuery(text, datasets, expected);
  if (outcome.ok) assert.fail(`expected an error for: ${text}`);
  return outcome.error;
}

function expectError(text: string, code: string, line: number, column: number, message?: RegExp): void {
  const error = errorOf(text);
  assert.equal(error.code, code, `${text}\n→ ${error.message}`);
  assert.deepEqual([error.line, error.column], [line, column], `${text}\n→ ${error.message}`);
  if (message !== undefined) assert.match(error.message, message);
}

describe('validateQuery: accepted queries', () => {
  const valid = [
    'SELECT COUNT() FROM Retail',
    'select count() from Retail union Bank intersect Publisher',
    'SELECT AGGREGATE(Retail.Age/Decades, Retail.Gender {\'Female\', \'Male\'}, Bank.Income {0, 20000}) FROM (Retail UNION Bank) EXCLUDE Publisher WHERE Retail.Age >= 25 LINK WITH IdGraph',
    'SELECT TOPN(Publisher.Section, 5) FROM Publisher INTERSECT Retail',
    'SELECT SUM(Retail.Spend), AVG(Retail.Spend) FROM Retail INTERSECT Publisher WHERE Retail.Region = \'North\'',
    'SELECT COUNT() FROM Retail WHERE (Gender = \'Female\' OR Age < 25) AND NOT Region = \'Wales\' AND Age != 40 AND "Last Purchase" >= \'2025-01-01\'',
    'SELECT COUNT() FROM Retail;',
  ];
  for (const text of valid) {
    it(text, () => {
      const outcome = validateQuery(text, allDatasets);
      assert.ok(outcome.ok, outcome.ok ? '' : outcome.error.message);
      assert.equal(outcome.value.queryType, 'insight');
    });
  }

  it('accepts activation queries on the activation endpoint only', () => {
    const text = 'SELECT Retail.ID FROM Retail INTERSECT Bank';
    const outcome = validateQuery(text, allDatasets, 'activation');
    assert.ok(outcome.ok && outcome.value.queryType === 'activation');
    assert.equal(errorOf(text, 'insight').code, 'iql.wrong-query-type');
    assert.match(errorOf(text, 'insight').message, /activation endpoint/);
    assert.equal(errorOf('SELECT COUNT() FROM Retail', 'activation').code, 'iql.wrong-query-type');
    assert.ok(validateQuery(text, allDatasets, 'any').ok);
  });
});

describe('validateQuery: errors with positions', () => {
  it('unknown dataset, with a suggestion among visible datasets only', () => {
    expectError('SELECT COUNT() FROM Retial', 'iql.unknown-dataset', 1, 21, /unknown dataset 'Retial'; did you mean 'Retail'\?/);
    const hidden = errorOf('SELECT COUNT() FROM Bank', 'insight', [retail]);
    assert.equal(hidden.code, 'iql.unknown-dataset');
    assert.doesNotMatch(hidden.message, /access|permission|exists/);
    expectError('SELECT COUNT() FROM Retail ENRICH WITH Bnk', 'iql.unknown-dataset', 1, 40);
  });

  it('dataset used in SELECT or WHERE but not named by the query', () => {
    expectError('SELECT AGGREGATE(Bank.Income) FROM Retail', 'iql.dataset-not-named', 1, 18, /ENRICH WITH Bank/);
    expectError('SELECT COUNT() FROM Retail WHERE Bank.Age > 3', 'iql.dataset-not-named', 1, 34);
  });

  it('unknown category, with position on a later line', () => {
    expectError('SELECT AGGREGATE(Agee) FROM Retail', 'iql.unknown-category', 1, 18, /did you mean 'Age'/);
    expectError('SELECT COUNT()\nFROM Retail\nWHERE Agee > 3', 'iql.unknown-category', 3, 7);
    expectError('SELECT AGGREGATE(Retail.email) FROM Retail', 'iql.unknown-category', 1, 25, /match key/);
  });

  it('ambiguous unqualified category', () => {
    expectError(
      'SELECT AGGREGATE(Age) FROM Retail INTERSECT Bank',
      'iql.ambiguous-category',
      1,
      18,
      /ambiguous category 'Age': found in Retail, Bank — qualify it/,
    );
  });

  it('unknown representation', () => {
    expectError('SELECT AGGREGATE(Age/Years) FROM Retail', 'iql.unknown-representation', 1, 22, /Age, |'Age', 'Decades'/);
  });

  it('bins of the wrong type, order or size', () => {
    expectError('SELECT AGGREGATE(Gender {1, 2}) FROM Retail', 'iql.bins', 1, 25, /numeric bins on the text category/);
    expectError("SELECT AGGREGATE(Age {'a', 'b'}) FROM Retail", 'iql.bins', 1, 22, /string bins on the numeric category/);
    expectError('SELECT AGGREGATE(Age {30, 20}) FROM Retail', 'iql.bins', 1, 27, /strictly ascending/);
    expectError('SELECT AGGREGATE(Age {30, 30}) FROM Retail', 'iql.bins', 1, 27, /duplicate/);
    expectError("SELECT AGGREGATE(Gender {'Male', 'Male'}) FROM Retail", 'iql.bins', 1, 34, /duplicate bin 'Male'/);
    expectError('SELECT AGGREGATE(Age {30}) FROM Retail', 'iql.bins', 1, 22, /at least two/);
  });

  it('comparing a numeric category with a string and the reverse', () => {
    expectError("SELECT COUNT() FROM Retail WHERE Age = '30'", 'iql.type-mismatch', 1, 40, /numeric/);
    expectError('SELECT COUNT() FROM Retail WHERE Gender = 3', 'iql.type-mismatch', 1, 43, /quoted value/);
    expectError("SELECT COUNT() FROM Retail WHERE Age IN (1, '2')", 'iql.type-mismatch', 1, 45);
  });

  it('TOPN count must be a positive integer', () => {
    expectError('SELECT TOPN(Section, 0) FROM Publisher', 'iql.topn-count', 1, 22, /positive integer/);
    expectError('SELECT TOPN(Section, 2.5) FROM Publisher', 'iql.topn-count', 1, 22, /2\.5/);
  });

  it('SUM and AVG need a numeric category', () => {
    expectError('SELECT SUM(Gender) FROM Retail', 'iql.measure-type', 1, 12, /SUM needs a numeric category; 'Gender' in Retail holds STRINGS/);
    expectError('SELECT SUM(Spend), SUM(Spend) FROM Retail', 'iql.selection', 1, 20, /twice/);
  });

  it('unknown output column and columns of two datasets', () => {
    const unknown = errorOf('SELECT Retail.Emial FROM Retail', 'activation');
    assert.equal(unknown.code, 'iql.output-column');
    assert.match(unknown.message, /did you mean 'email'/);
    assert.deepEqual([unknown.line, unknown.column], [1, 15]);
    const activationBank = { ...bank, activation: true };
    const mixed = validateQuery('SELECT Retail.ID, Bank.email FROM Retail INTERSECT Bank', [retail, activationBank], 'activation');
    assert.ok(!mixed.ok && mixed.error.code === 'iql.output-column' && mixed.error.column === 19);
  });

  it('one query per request, and not an empty one', () => {
    expectError('SELECT COUNT() FROM Retail;\nSELECT COUNT() FROM Bank', 'iql.several-queries', 2, 1);
    expectError('  -- nothing here\n', 'iql.empty-query', 1, 1);
  });

  it('passes on syntax errors of the parser with their position', () => {
    const error = errorOf('SELECT COUNT() FROM Retail INTERSECT');
    assert.equal(error.line, 1);
    assert.ok(error.code !== 'iql.internal', error.message);
    const order = errorOf('SELECT COUNT() FROM Retail ENRICH WITH Bank\nWHERE Age > 30');
    assert.deepEqual([order.line, order.column], [2, 1]);
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        const outcome = validateQuery(text, [retail, publisher]);
        assert.equal(typeof outcome.ok, 'boolean');
        if (!outcome.ok) assert.notEqual(outcome.error.code, 'iql.internal', outcome.error.message);
      }),
      { numRuns: 300 },
    );
  });
});

describe('entry points on broken and odd queries', () => {
  const fragments = [
    'SELECT', 'COUNT()', 'AGGREGATE(', 'TOPN(', 'SUM(', 'AVG(', 'Age', 'Retail.Age', 'Gender', '"Last Purchase"', ',', ')', '(',
    'FROM', 'Retail', 'Bank', 'Publisher', 'INTERSECT', 'UNION', 'EXCLUDE', 'WHERE', '=', '<', 'IN', 'NOT', 'AND', 'OR',
    "'x'", '3', '-1', '2.5', '{', '}', '/', '.', 'Decades', 'ENRICH WITH', 'LINK WITH', 'IdGraph', 'Retail.ID', ';',
  ];
  it('answers every entry point with a value, never an internal error', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...fragments), { maxLength: 18 }), (parts) => {
        const text = parts.join(' ');
        for (const outcome of [
          validateQuery(text, allDatasets, 'any'),
          explainQuery(text, allDatasets),
          runInsightQuery(text, allDatasets),
          runActivationQuery(text, allDatasets),
        ]) {
          if (!outcome.ok) {
            assert.notEqual(outcome.error.code, 'iql.internal', `${text}\n→ ${outcome.error.message}`);
            assert.ok((outcome.error.line ?? 0) >= 1 && (outcome.error.column ?? 0) >= 1, `${text}: ${outcome.error.message}`);
          }
        }
      }),
      { numRuns: 1500 },
    );
  });
});
