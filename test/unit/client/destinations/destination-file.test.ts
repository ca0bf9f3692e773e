import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { destinationFileSchema } from '../../../../client/src/destinations/destination-file-schema';
import { destinationFileText, newDestinationFileText, parseSchemaAddress, readDestinationFile, schemaAddress } from '../../../../client/src/destinations/destination-file';
import { locateServiceMessage } from '../../../../client/src/schemas/json-file-text';

const SFTP = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  required: ['host', 'port'],
  properties: { host: { type: 'string' }, port: { type: 'integer', minimum: 1, default: 22 }, path: { type: 'string' } },
};

describe('destination files', () => {
  test('the schema address carries profile and type, and reads back, whatever their characters', () => {
    const address = schemaAddress('Local emulator/../x', 'sftp?#');
    assert.deepEqual(parseSchemaAddress(address), { profile: 'Local emulator/../x', typeId: 'sftp?#' });
    assert.equal(parseSchemaAddress('https://example.com/schema.json'), undefined);
  });

  test('a new file starts with the required configuration, from defaults or empty values, and reads as a create', () => {
    const text = newDestinationFileText('local', 'sftp', 'Drop', SFTP);
    const read = readDestinationFile(text);
    assert.ok(read.ok);
    assert.equal(read.draft.id, undefined);
    assert.equal(read.draft.profile, 'local');
    assert.deepEqual(read.draft.body, { name: 'Drop', description: '', destination_type_id: 'sftp', editable_paths: [], config: { host: '', port: 22 } });
  });

  test('an existing instance reads back as an update of that instance', () => {
    const text = destinationFileText('local', { id: 'DST.1', name: 'Drop', destination_type_id: 'sftp', config: { host: 'h', password: 'X-INFOSUM-REDACTED' }, editable_paths: ['path'] });
    const read = readDestinationFile(text);
    assert.ok(read.ok);
    assert.equal(read.draft.id, 'DST.1');
    assert.deepEqual(read.draft.body.config, { host: 'h', password: 'X-INFOSUM-REDACTED' });
  });

  test('broken files name the problem and where it is, and nothing is sent', () => {
    const broken = readDestinationFile('{ "name": "x", ');
    assert.ok(!broken.ok && /Not valid JSON/.test(broken.problems[0]!.message));
    const missing = readDestinationFile('{ "name": "x", "config": {} }');
    assert.ok(!missing.ok && missing.problems.some((problem) => /"destination_type_id" is missing/.test(problem.message)));
    const wrongType = readDestinationFile('{ "name": 3, "destination_type_id": "sftp", "config": [] }');
    assert.ok(!wrongType.ok);
    assert.deepEqual(wrongType.problems.map((problem) => problem.message), ['"name" must be a string.', '"config" must be an object.']);
    assert.ok(!readDestinationFile('').ok);
    assert.ok(!readDestinationFile('[1]').ok);
  });

  test("a service message naming a path underlines that value; a missing property underlines its parent's key", () => {
    const text = '{\n  "name": "Drop",\n  "destination_type_id": "sftp",\n  "config": { "host": "h", "port": 70000 }\n}\n';
    const port = locateServiceMessage(text, 'config.port: must be <= 65535');
    assert.equal(text.slice(port.offset, port.offset + port.length), '70000');
    assert.equal(port.message, 'config.port: must be <= 65535');
    const missing = locateServiceMessage(text, 'config.path: is required');
    assert.equal(text.slice(missing.offset, missing.offset + missing.length), '"config"');
    const unplaced = locateServiceMessage(text, 'something went wrong');
    assert.equal(unplaced.offset, 0);
  });

  test("the file schema checks the instance's fields and applies the type's schema to config", () => {
    const schema = destinationFileSchema('sftp', 'SFTP server', SFTP) as { properties: Record<string, Record<string, unknown>>; required: string[] };
    assert.deepEqual(schema.required, ['name', 'destination_type_id', 'config']);
    assert.deepEqual(schema.properties.destination_type_id, { const: 'sftp', description: 'The destination type (SFTP server); an instance cannot change type.' });
    assert.equal(schema.properties.config!.$schema, undefined, 'no nested $schema');
    assert.deepEqual(schema.properties.config!.required, ['host', 'port']);
    assert.deepEqual((schema.properties.editable_paths!.items as { examples: string[] }).examples, ['host', 'port', 'path']);
  });
});
