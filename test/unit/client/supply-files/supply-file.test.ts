import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createBodyOf, createdIdOf, SUPPLY_FILE_KINDS, supplyFileKindOf, updateBodyOf } from '../../../../client/src/supply-files/supply-file-kinds';
import { newSupplyFileText, parseSupplySchemaAddress, readSupplyFile, supplyFileName, supplySchemaAddress, withSecrets } from '../../../../client/src/supply-files/supply-file';
import { supplyFileSchema } from '../../../../client/src/supply-files/supply-file-schema';

const connector = SUPPLY_FILE_KINDS.connector;

describe('data-supply files', () => {
  it('are named by kind, and their schema address names the profile and kind', () => {
    assert.equal(supplyFileKindOf('/w/supply/members.iqlimporter.json')?.id, 'importer');
    assert.equal(supplyFileKindOf('/w/members.json'), undefined);
    assert.equal(supplyFileName(connector, 'Members bucket / SFTP'), 'Members-bucket-SFTP.iqlconnector.json');
    const address = supplySchemaAddress('Local emulator', 'normalization');
    assert.deepEqual(parseSupplySchemaAddress(address), { profile: 'Local emulator', kind: SUPPLY_FILE_KINDS.normalization });
    assert.equal(parseSupplySchemaAddress('iql-schema:/p/supply/nothing.schema.json'), undefined);
    const reading = supplySchemaAddress('demo', 'normalization', { vaultId: 'CV.1', recordsetId: 'RS/2' });
    assert.equal(reading, 'iql-schema:/demo/supply/normalization/CV.1/RS%2F2.schema.json');
    assert.deepEqual(parseSupplySchemaAddress(reading), { profile: 'demo', kind: SUPPLY_FILE_KINDS.normalization, input: { vaultId: 'CV.1', recordsetId: 'RS/2' } });
  });

  it('a new connector file holds the placeholder for its secret, and reads back with the secret to ask for', () => {
    const text = newSupplyFileText('demo', connector, 'Partner SFTP');
    assert.match(text, /"password": "\$secret"/);
    const read = readSupplyFile(text, connector);
    assert.ok(read.ok);
    assert.deepEqual(read.draft.secrets, [['sftp_connector', 'password']]);
    assert.equal(read.draft.profile, 'demo');
    assert.equal(read.draft.id, undefined);
    assert.equal('$schema' in read.draft.object, false);
    const filled = withSecrets(read.draft, ['hunter2']);
    assert.equal((filled.sftp_connector as { password: string }).password, 'hunter2');
    assert.equal((read.draft.object.sftp_connector as { password: string }).password, '$secret', 'the draft itself keeps the placeholder');
  });

  it('refuses a secret written in clear, underlining exactly its value', () => {
    const text = '{\n  "name": "x",\n  "s3_connector": { "bucket": "b", "access_keys": { "access_key_id": "AKIA", "secret_access_key": "abc123" } }\n}\n';
    const read = readSupplyFile(text, connector);
    assert.equal(read.ok, false);
    if (read.ok) return;
    const [problem] = read.problems;
    assert.equal(text.slice(problem!.offset, problem!.offset + problem!.length), '"abc123"');
    assert.match(problem!.message, /secret_access_key" is a secret: write "\$secret"/);
  });

  it('says what is wrong with broken JSON or a missing name', () => {
    const broken = readSupplyFile('{ "name": ', connector);
    assert.ok(!broken.ok && /Not valid JSON/.test(broken.problems[0]!.message));
    const unnamed = readSupplyFile('{ "description": "d" }', SUPPLY_FILE_KINDS.prepare);
    assert.ok(!unnamed.ok && /"name" is missing/.test(unnamed.problems[0]!.message));
  });

  it('sends the object in the shape each Create and Update takes', () => {
    assert.deepEqual(createBodyOf(connector, { name: 'c' }), { config: { name: 'c' } });
    assert.deepEqual(createBodyOf(SUPPLY_FILE_KINDS.importer, { name: 'i' }), { import: { name: 'i' } });
    assert.deepEqual(createBodyOf(SUPPLY_FILE_KINDS.prepare, { name: 'p' }), { name: 'p' });
    assert.deepEqual(updateBodyOf(SUPPLY_FILE_KINDS.normalization, { name: 'n', description: 'd', normalizer_config: { keys: [] } }), { payload: { name: 'n', description: 'd', config: { keys: [] } } });
    assert.deepEqual(updateBodyOf(SUPPLY_FILE_KINDS.recordsetConfig, { name: 'r', header_row: true }), { name: 'r', header_row: true });
    assert.equal(createdIdOf({ config_id: 'ICC.1' }), 'ICC.1');
    assert.equal(createdIdOf({ import_id: 'IMP.1' }), 'IMP.1');
    assert.equal(createdIdOf({ id: 'NC.1' }), 'NC.1');
    assert.equal(createdIdOf({}), undefined);
  });

  it('schema: the wrapped object with $schema and id, secrets pinned to the placeholder, the global schema offered', () => {
    const body = {
      type: 'object',
      properties: { config: { type: 'object', properties: { name: { type: 'string' }, sftp_connector: { type: 'object', properties: { password: { type: 'string' } } } } } },
    };
    const schema = supplyFileSchema(connector, body) as { properties: Record<string, { properties?: Record<string, { enum?: unknown[] }> }> };
    assert.ok(schema.properties.$schema && schema.properties.id && schema.properties.name);
    assert.deepEqual(schema.properties.sftp_connector?.properties?.password?.enum, ['$secret']);
    const normalization = {
      type: 'object',
      properties: {
        normalizer_config: {
          type: 'object',
          properties: {
            keys: { type: 'array', items: { type: 'object', properties: { global_schema_id: { type: 'integer' } } } },
            categories: { type: 'array', items: { type: 'object', properties: { output_column: { type: 'string' } } } },
          },
        },
      },
    };
    const offered = JSON.stringify(supplyFileSchema(SUPPLY_FILE_KINDS.normalization, normalization, { keys: [{ id: 1, name: 'email' }], categories: ['Age', 'Gender'] }));
    assert.match(offered, /"enum":\[1\]/);
    assert.match(offered, /"examples":\["Age","Gender"\]/);
    assert.doesNotMatch(offered, /Email/);
    const withColumns = supplyFileSchema(SUPPLY_FILE_KINDS.normalization, {
      type: 'object',
      properties: { normalizer_config: { type: 'object', properties: { keys: { type: 'array', items: { type: 'object', properties: { input_column: { type: 'string' } } } } } } },
    }, { keys: [], categories: [], inputColumns: ['Email', 'Years'] });
    assert.match(JSON.stringify(withColumns), /"input_column":\{"type":"string","enum":\["Email","Years"\]/);
    const withRepresentations = JSON.stringify(supplyFileSchema(SUPPLY_FILE_KINDS.normalization, normalization, {
      keys: [], categories: ['Age', 'Gender'], representations: [{ id: '1', category: 'Age' }, { id: '2', category: 'Age' }, { id: '3', category: 'Gender' }],
    }));
    assert.match(withRepresentations, /"examples":\["Age","Gender","1","2","3"\]/);
    assert.match(withRepresentations, /by ID \(Age: 1, 2; Gender: 3\)/);
    const withMappers = supplyFileSchema(SUPPLY_FILE_KINDS.normalization, {
      type: 'object',
      properties: {
        normalizer_config: {
          type: 'object',
          properties: { enrichments: { type: 'array', items: { type: 'object', properties: { uk_addr_mapper: { type: 'object', properties: { postcode_column: { type: 'string' } } } } } } },
        },
      },
    }, { keys: [], categories: [], inputColumns: ['Email', 'Postcode'] });
    assert.match(JSON.stringify(withMappers), /"postcode_column":\{"type":"string","enum":\["Email","Postcode"\]/);
  });
});
