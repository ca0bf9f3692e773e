import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { catalogSchema } from '../../../../emulator/src/data/catalog-schema';
import { tinyCatalog } from '../tiny-folder';

describe('catalogSchema', () => {
  it('accepts the DATA-FORMAT.md fields and fills the optional ones', () => {
    const parsed = catalogSchema.parse({
      companies: [{ id: 'CMP.r', name: 'R' }],
      users: [{ id: 'USR.r', display_name: 'R', company_id: 'CMP.r', api_key: 'k' }],
      datasets: [{ private_id: 'Retail', public_name: 'Retail', owner_company_id: 'CMP.r', file: 'r.csv' }],
    });
    const dataset = parsed.datasets[0];
    assert.ok(dataset);
    assert.equal(dataset.activation, false);
    assert.deepEqual(dataset.keys, []);
    assert.deepEqual(parsed.permissions, []);
    assert.deepEqual(parsed.collaborations, []);
  });

  it('keeps every field of the tiny folder as written', () => {
    const parsed = catalogSchema.parse(tinyCatalog());
    const member = parsed.collaborations[0]?.members[0];
    assert.deepEqual(member, { company_id: 'CMP.b', rights: { operator: false, contributor: true, detailed_logs: false } });
    assert.equal(parsed.collaborations[0]?.datasets[0]?.collaboration_dataset_name, 'mine');
    assert.deepEqual(parsed.datasets[0]?.categories[0]?.representations[1], { label: 'Decades', bins: [0, 20, 40, 60] });
  });

  it('refuses private IDs longer than 17 characters or with punctuation', () => {
    for (const privateId of ['ABCDEFGHIJKLMNOPQR', 'Shop_1', '', 'Shop.1']) {
      const catalog = tinyCatalog();
      const shop = catalog.datasets[0];
      assert.ok(shop);
      shop.private_id = privateId;
      assert.equal(catalogSchema.safeParse(catalog).success, false, privateId);
    }
  });

  it('refuses an unknown data type', () => {
    const catalog = JSON.parse(JSON.stringify(tinyCatalog()).replace('"STRINGS"', '"TEXT"')) as unknown;
    assert.equal(catalogSchema.safeParse(catalog).success, false);
  });
});
