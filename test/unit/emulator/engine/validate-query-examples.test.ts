/**
 * The language reference's example files (LANGUAGE.md `examples/`), validated by the engine
 * against a catalog that has every dataset and category they mention: each valid query must
 * pass, each invalid file must fail at the position its `-- expect:` line states.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { validateQuery } from '../../../../emulator/src/engine/index';
import type { EngineDataset } from '../../../../emulator/src/engine/index';
import { parseIql } from '../../../../language/src/parser/index';
import { makeDataset } from './engine-fixtures';

const examples = join(process.cwd(), '..', 'shared', 'iql', 'examples');

const text = (label: string): EngineDataset['categories'][number] => ({ label, data_type: 'STRINGS', representations: [{ label }] });
const catalog: EngineDataset[] = [
  makeDataset({
    name: 'Retail',
    keys: ['email'],
    categories: [
      { label: 'Age', data_type: 'INTEGERS', representations: [{ label: 'Age' }, { label: 'Five Year Bins', bins: [18, 23, 28] }] },
      text('Gender'),
      text('Region'),
      text('Loyalty Member'),
      { label: 'Last Purchase', data_type: 'TIMESTAMP', representations: [{ label: 'Last Purchase' }] },
      { label: 'Spend', data_type: 'FLOAT', representations: [{ label: 'Spend' }] },
      text('Job'),
    ],
    columns: ['email'],
    rows: [],
  }),
  makeDataset({
    name: 'Bank',
    keys: ['email'],
    categories: [{ label: 'Income', data_type: 'INTEGERS', representations: [{ label: 'Income' }] }],
    columns: ['email'],
    rows: [],
  }),
  makeDataset({ name: 'Publisher1', keys: ['email'], categories: [text('Favourite Section')], columns: ['email'], rows: [] }),
  makeDataset({ name: 'Insurer', keys: ['email'], columns: ['email'], rows: [] }),
  makeDataset({ name: 'IdGraph', keys: ['email'], columns: ['email'], rows: [] }),
  makeDataset({ name: 'self', keys: ['email'], activation: true, outputColumns: ['ID', 'EmailHash'], columns: ['email'], rows: [] }),
  makeDataset({ name: 'them', keys: ['email'], categories: [text('Interest')], columns: ['email'], rows: [] }),
];

function filesIn(folder: string): string[] {
  const path = join(examples, folder);
  return existsSync(path) ? readdirSync(path).filter((name) => name.endsWith('.iql')).sort() : [];
}

describe('validateQuery on the reference examples', { skip: !existsSync(examples) && 'the shared examples are not present' }, () => {
  for (const file of filesIn('valid')) {
    it(`valid/${file}: every query passes`, () => {
      const source = readFileSync(join(examples, 'valid', file), 'utf8');
      const queries = parseIql(source).ast.queries;
      assert.ok(queries.length > 0);
      for (const query of queries) {
        const outcome = validateQuery(source.slice(query.span.start, query.span.end), catalog, 'any');
        assert.ok(outcome.ok, outcome.ok ? '' : outcome.error.message);
      }
    });
  }

  for (const file of filesIn('invalid')) {
    it(`invalid/${file}: fails where the file expects`, () => {
      const source = readFileSync(join(examples, 'invalid', file), 'utf8');
      const outcome = validateQuery(source, catalog, 'any');
      assert.ok(!outcome.ok, 'expected an error');
      const expected = /error at (\d+):(\d+)/.exec(source);
      if (expected !== null) assert.deepEqual([outcome.error.line, outcome.error.column], [Number(expected[1]), Number(expected[2])]);
    });
  }
});
