/**
 * Representation IDs of the global schema (global-schema.ts) on the tiny folder, and how a
 * normalizer_config's category names one (normalizer-config.ts): by its category's name (the
 * default representation), by its own name, or by its ID; an unknown ID is refused when the
 * config is stored, naming the field.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { loadDataFolder } from '../../../../emulator/src/data/load-data-folder';
import { globalSchemaOf } from '../../../../emulator/src/supply/global-schema';
import type { GlobalSchema } from '../../../../emulator/src/supply/global-schema';
import { namedRepresentation, normalizerConfigProblem, planOutputColumns } from '../../../../emulator/src/supply/normalizer-config';
import { tinyFiles, writeTempFolder } from '../tiny-folder';

describe('global schema representations', () => {
  let schema: GlobalSchema;
  before(async () => {
    const folder = await writeTempFolder(tinyFiles());
    const loaded = await loadDataFolder(folder.dir);
    await folder.remove();
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
    schema = globalSchemaOf(loaded.data);
  });

  it('numbers the categories\' representations in order, then each key\'s one', () => {
    assert.deepEqual(schema.categories.map((category) => [category.name, category.representations.map((r) => `${r.id} ${r.name}`)]), [
      ['Age', ['1 Age', '2 Decades']], ['Gender', ['3 Gender']], ['Interest', ['4 Interest']], ['Score', ['5 Score']],
    ]);
    assert.deepEqual(schema.keys.map((key) => [key.name, key.representationId]), [['email', '6']]);
    assert.equal(schema.representationById('2')?.category.name, 'Age');
    assert.equal(schema.representationById('6'), undefined, 'a key\'s representation is not a category\'s');
  });

  it('a category entry names a representation by category name, representation name or ID', () => {
    const named = (output: string) => {
      const found = namedRepresentation(schema, output);
      return found ? `${found.category.name}/${found.representation.id}` : undefined;
    };
    assert.deepEqual(['age', 'decades', '2', 'Gender', 'Shoe size'].map(named), ['Age/1', 'Age/2', 'Age/2', 'Gender/3', undefined]);
    const plans = planOutputColumns({ categories: [{ input_column: 'years', output_column: '2' }] }, schema, ['years'], 'RS.1');
    assert.deepEqual(plans.map((plan) => plan.column), [
      { name: 'Age', kind: 'attribute', categoryId: '1', categoryName: 'Age', representationId: '2', representationName: 'Decades', dataType: 'INTEGERS', isCustom: false },
    ]);
  });

  it('refuses an unknown representation ID when the config is stored, naming the field', () => {
    assert.equal(normalizerConfigProblem({ categories: [{ input_column: 'years', output_column: '2' }] }, 'normalizer_config', schema), undefined);
    assert.match(
      normalizerConfigProblem({ categories: [{ input_column: 'x', output_column: 'Gender' }, { input_column: 'years', output_column: '99' }] }, 'normalizer_config', schema) ?? '',
      /^normalizer_config\.categories\[1\]\.output_column: no representation of the global schema has ID '99'/,
    );
  });
});
