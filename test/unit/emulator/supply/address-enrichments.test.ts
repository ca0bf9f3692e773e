/**
 * The enrichments of a normalizer_config (seed 002 §2.6): the two address mappers as the
 * emulator runs them (address-mappers.ts), their check when a config is stored, and their
 * columns in a normalization's plan (enrichment-plans.ts), global or custom as the global
 * schema has them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UK_ADDRESS_MAPPER, US_ADDRESS_MAPPER, usStateCode } from '../../../../emulator/src/supply/address-mappers';
import { enrichmentsProblem, planEnrichments } from '../../../../emulator/src/supply/enrichment-plans';
import type { GlobalSchema } from '../../../../emulator/src/supply/global-schema';
import { normalizerConfigProblem, planOutputColumns } from '../../../../emulator/src/supply/normalizer-config';
import { ExecutionFailure } from '../../../../emulator/src/supply/supply-execution';

/** A global schema with the key `email` (1) and the category `Postcode Area` (1, representation 1), nothing else. */
const schema: GlobalSchema = {
  categories: [{ id: '1', name: 'Postcode Area', definition: { label: 'Postcode Area', data_type: 'STRINGS', representations: [{ label: 'Postcode Area' }] }, representations: [{ id: '1', name: 'Postcode Area' }] }],
  keys: [{ id: 1, name: 'email', representationId: '2' }],
  categoryByName: (name) => (name.toLowerCase() === 'postcode area' ? schema.categories[0] : undefined),
  keyById: (id) => schema.keys[id - 1],
  keyByName: (name) => schema.keys.find((key) => key.name === name.toLowerCase()),
  representationById: () => undefined,
  representationByName: () => undefined,
};

describe('address enrichments', () => {
  it('the UK mapper standardizes house number, street and postcode into one key, and reads the postcode area and district', () => {
    assert.deepEqual(UK_ADDRESS_MAPPER.map(['12', ' High  St. ', 'sw1a1aa']), { key: '12 HIGH ST SW1A 1AA', categories: ['SW', 'SW1A'] });
    assert.deepEqual(UK_ADDRESS_MAPPER.map(['12a', 'high st', 'SW1A 1AA']), { key: '12A HIGH ST SW1A 1AA', categories: ['SW', 'SW1A'] });
    assert.deepEqual(UK_ADDRESS_MAPPER.map(['7', 'Mill Lane', 'M1 1AE']), { key: '7 MILL LANE M1 1AE', categories: ['M', 'M1'] });
    // The postcode is optional (swagger: "not required"); a text that is not one is left out.
    assert.deepEqual(UK_ADDRESS_MAPPER.map(['7', 'Mill Lane', 'unknown']), { key: '7 MILL LANE', categories: ['', ''] });
    assert.deepEqual(UK_ADDRESS_MAPPER.map(['', 'Mill Lane', 'M1 1AE']), { key: '', categories: ['M', 'M1'] }, 'no house number: no key');
  });

  it('the US mapper prepends the house number, reads the state (code or name) and the ZIP5', () => {
    assert.deepEqual(
      US_ADDRESS_MAPPER.map(['12', 'Main St', 'Apt 4', '', 'Springfield', 'illinois', '62701-1234']),
      { key: '12 MAIN ST APT 4 SPRINGFIELD IL 62701', categories: ['IL', '62701'] },
    );
    assert.deepEqual(US_ADDRESS_MAPPER.map(['', '1 Elm Road', '', '', 'Austin', 'TX', '7870']), { key: '1 ELM ROAD AUSTIN TX', categories: ['TX', ''] });
    assert.deepEqual(US_ADDRESS_MAPPER.map(['5', '', '', '', 'Austin', 'Texas', '78701']), { key: '', categories: ['TX', '78701'] }, 'no address line: no key');
    assert.deepEqual(['ny', 'New York', 'Ontario', ''].map(usStateCode), ['NY', 'NY', '', '']);
  });

  it('checks enrichments when a config is stored: one mapper per item, its required columns named (400 naming the field)', () => {
    assert.equal(enrichmentsProblem([{ uk_addr_mapper: { house_number_column: 'n', street_name_column: 's' } }, { us_addr_mapper: { first_addr_line_column: 'a' } }], 'e'), undefined);
    assert.equal(enrichmentsProblem([{}], 'e'), 'e[0]: give exactly one of uk_addr_mapper, us_addr_mapper');
    assert.equal(enrichmentsProblem([{ uk_addr_mapper: { house_number_column: 'n', street_name_column: 's' }, us_addr_mapper: { first_addr_line_column: 'a' } }], 'e'), 'e[0]: give exactly one of uk_addr_mapper, us_addr_mapper');
    assert.equal(enrichmentsProblem([{ uk_addr_mapper: { postcode_column: 'p' } }], 'e'), 'e[0].uk_addr_mapper.house_number_column: name the column holding it (required)');
    assert.equal(enrichmentsProblem([{ us_addr_mapper: { first_addr_line_column: 'a', city_column: 3 } }], 'e'), 'e[0].us_addr_mapper.city_column: name a column of the input recordset');
    assert.equal(
      normalizerConfigProblem({ enrichments: [{ us_addr_mapper: {} }] }),
      'normalizer_config.enrichments[0].us_addr_mapper.first_addr_line_column: name the column holding it (required)',
    );
  });

  it('plans a key column and category columns per mapper, global where the schema has the name, custom otherwise', () => {
    const plans = planEnrichments([{ uk_addr_mapper: { house_number_column: 'no', street_name_column: 'street', postcode_column: 'pc' } }], schema, ['email', 'no', 'street', 'pc'], 'RS.1');
    assert.deepEqual(plans.map((plan) => plan.column), [
      { name: 'UK Address', kind: 'key', isCustom: true },
      { name: 'Postcode Area', kind: 'attribute', categoryId: '1', categoryName: 'Postcode Area', representationId: '1', representationName: 'Postcode Area', dataType: 'STRINGS', isCustom: false },
      { name: 'Postcode District', kind: 'attribute', categoryName: 'Postcode District', dataType: 'STRINGS', isCustom: true },
    ]);
    const row = ['a@x', '3', 'Kings Road', 'SW3 4RT'];
    assert.deepEqual(plans.map((plan) => plan.cell(row)), ['3 KINGS ROAD SW3 4RT', 'SW', 'SW3']);
    assert.throws(
      () => planEnrichments([{ us_addr_mapper: { first_addr_line_column: 'line1' } }], schema, ['email'], 'RS.1'),
      (error: unknown) => error instanceof ExecutionFailure && /us_addr_mapper\.first_addr_line_column 'line1' is not a column of recordset 'RS\.1'/.test(error.message),
    );
  });

  it('writes the enrichment columns after the config\'s own, and refuses two of one name', () => {
    const config = { keys: [{ input_column: 'email', global_schema_id: 1 }], enrichments: [{ uk_addr_mapper: { house_number_column: 'no', street_name_column: 'street' } }] };
    assert.deepEqual(planOutputColumns(config, schema, ['email', 'no', 'street'], 'RS.1').map((plan) => plan.column.name), ['email', 'UK Address', 'Postcode Area', 'Postcode District']);
    const twice = { ...config, enrichments: [...config.enrichments, ...config.enrichments] };
    assert.throws(() => planOutputColumns(twice, schema, ['email', 'no', 'street'], 'RS.1'), /two output columns named 'UK Address'/);
  });
});
