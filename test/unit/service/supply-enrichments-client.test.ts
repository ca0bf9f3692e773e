/**
 * What a normalization runs beyond the column mappings, through the real service client
 * against the emulator on the tiny folder (vault-stages.ts): the UK address mapper of
 * `enrichments` adds an address key and the postcode's area and district, published and
 * queried with IQL; the global schema's representation IDs are listed, carried by the
 * recordset's attribute columns, and name a representation in a config (an unknown one is
 * refused naming the field).
 *
 * addresses.csv, by hand: a 12 High St SW1A 1AA, b 12 high st. sw1a1aa (the same address),
 * c 7 Mill Lane M1 1AE, d 3 Kings Road SW3 4RT, e 9 Elm Way (no postcode), f Park Rd SW1A 2AA
 * (no house number: no address key). 5 rows have an address key, 4 distinct; a and b share
 * it, so the published dataset counts them as one record: 5 records, Postcode Area SW 3
 * (a/b, d, f), M 1; Postcode District SW1A 2 (a/b, f).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectError, expectOk } from './demo-emulator';
import { startVaultStages } from './vault-stages';
import type { VaultStages } from './vault-stages';

const ADDRESSES = [
  'email,house,street,postcode,years',
  'a@x,12,High St,SW1A 1AA,25',
  'b@x,12,high st.,sw1a1aa,35',
  'c@x,7,Mill Lane,M1 1AE,45',
  'd@x,3,Kings Road,SW3 4RT,52',
  'e@x,9,Elm Way,,19',
  'f@x,,Park Rd,SW1A 2AA,30',
  '',
].join('\n');

describe('normalization enrichments and representation IDs through the service client', () => {
  let stages: VaultStages;
  before(async () => {
    stages = await startVaultStages();
  });
  after(async () => {
    await stages.close();
  });

  it('lists the global schema\'s representation IDs: a category\'s representation property, a key\'s representation_version_ids', async () => {
    const categories = expectOk(await stages.client.call('listGlobalSchemaCategories', {})).categories ?? [];
    const age = categories.find((category) => category.name === 'Age')?.properties?.find((property) => property.name === 'representation');
    assert.deepEqual(age?.possible_values, { default_value: '1', possible_values: ['1', '2'] });
    assert.match(age?.desc ?? '', /2 Decades/);
    const keys = expectOk(await stages.client.call('listGlobalSchemaKeys', {})).keys ?? [];
    assert.deepEqual(keys.map((key) => [key.name, key.representation_version_ids]), [['email', ['6']]]);
  });

  it('runs the UK address mapper: its key and categories are in the output recordset and the published dataset, and IQL counts them', async () => {
    const raw = await stages.recordset('in/addresses.csv', ADDRESSES, 'Addresses raw');
    const normalized = await stages.normalize(raw, {
      name: 'Addresses',
      normalizer_config: {
        keys: [{ input_column: 'email', global_schema_id: 1 }],
        // '2' is Age's representation Decades, named by its ID.
        categories: [{ input_column: 'years', output_column: '2' }],
        enrichments: [{ uk_addr_mapper: { house_number_column: 'house', street_name_column: 'street', postcode_column: 'postcode' } }],
      },
    }, 'Addresses normalized');
    const recordset = normalized.resultId ?? '';
    const columns = expectOk(await stages.client.call('listRecordsetColumns', { params: { cloud_vault_id: stages.vault, recordset_id: recordset } })).columns ?? [];
    assert.deepEqual(columns.map((column) => column.name), ['email', 'Age', 'UK Address', 'Postcode Area', 'Postcode District']);
    const byName = new Map(columns.map((column) => [column.name, column]));
    assert.deepEqual(byName.get('Age')?.attribute_column, { category_id: '1', category_name: 'Age', data_type: 'CONTINUOUS', is_custom: false, representation_id: '2', representation_name: 'Decades' });
    assert.deepEqual(byName.get('UK Address')?.key_column, { is_custom: true, name: 'UK Address' });
    assert.deepEqual([byName.get('UK Address')?.statistics?.cell_count, byName.get('UK Address')?.statistics?.null_count, byName.get('UK Address')?.statistics?.value_count], ['6', '1', '4']);
    assert.equal(byName.get('Postcode District')?.attribute_column?.is_custom, true);
    assert.equal(byName.get('Postcode District')?.attribute_column?.representation_id, undefined, 'a custom category has no global representation');

    const dataset = await stages.dataset('Addresses');
    await stages.publish(dataset, recordset, { all_keys: true, all_categories: true });
    // a and b live at one address: the shared address key makes them one record of the dataset.
    assert.deepEqual(await stages.query('SELECT COUNT() FROM Addresses'), { audience: '5', rows: ['5'] });
    assert.deepEqual((await stages.query('SELECT AGGREGATE(Addresses."Postcode Area") FROM Addresses')).rows.sort(), ['M 1', 'SW 3']);
    assert.deepEqual((await stages.query('SELECT COUNT() FROM Addresses WHERE "Postcode District" = \'SW1A\'')).audience, '2');
  });

  it('refuses a config naming an unknown representation ID or an enrichment without its columns, naming the field', async () => {
    const unknown = expectError(await stages.client.call('createNormalizationConfig', {
      body: { name: 'Bad', normalizer_config: { categories: [{ input_column: 'years', output_column: '99' }] } },
    }), 'invalid');
    assert.equal(unknown.status, 400);
    assert.match(unknown.message, /normalizer_config\.categories\[0\]\.output_column: no representation of the global schema has ID '99'/);
    const missing = expectError(await stages.client.call('createNormalizationConfig', {
      body: { name: 'Bad', normalizer_config: { enrichments: [{ uk_addr_mapper: { postcode_column: 'postcode' } }] } },
    }), 'invalid');
    assert.match(missing.message, /normalizer_config\.enrichments\[0\]\.uk_addr_mapper\.house_number_column: name the column holding it/);
  });
});
