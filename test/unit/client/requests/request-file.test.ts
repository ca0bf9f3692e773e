import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { findOperation, listOperations, requestBodySchema } from '../../../../client/src/requests/operation-catalog';
import { isDestructive, newRequestFileText, parseRequestSchemaAddress, pathParameterNames, readRequestFile, requestFileSchema } from '../../../../client/src/requests/request-file';

describe('request files', () => {
  test('every operation of the table is listed, deprecated ones marked, and found by id or title in any case', () => {
    const all = listOperations();
    assert.ok(all.length >= 75, `${all.length} operations`);
    assert.ok(all.some((operation) => operation.id === 'pushActivationResults' && operation.deprecated === true));
    assert.equal(findOperation('GETCOLLABORATION')?.path, '/api/v2/collaborations/{collaboration_id}');
    assert.equal(findOperation('Create Collaboration')?.id, 'createCollaboration');
    assert.equal(findOperation('nosuch'), undefined);
  });

  test('a new file names the operation, its path parameters and a body started from the request schema', async () => {
    const operation = findOperation('addCollaborationDataset')!;
    const body = await requestBodySchema(operation.id);
    assert.ok(body && typeof body.properties === 'object', 'the body schema has properties');
    const text = newRequestFileText('local', operation, body);
    assert.deepEqual(JSON.parse(text).path, { collaboration_id: '' });
    assert.ok(!readRequestFile(text).ok, 'an empty path parameter is not sent');
    const read = readRequestFile(text.replace('"collaboration_id": ""', '"collaboration_id": "CLB.demo"'));
    assert.ok(read.ok);
    assert.equal(read.draft.operation, 'addCollaborationDataset');
    assert.deepEqual(read.draft.params, { collaboration_id: 'CLB.demo' });
    assert.deepEqual(read.draft.body, {}, 'no required body field: an empty body to fill in');
    assert.equal(read.draft.profile, 'local');
    assert.deepEqual(pathParameterNames('/a/{x}/b/{y}'), ['x', 'y']);
    assert.deepEqual(parseRequestSchemaAddress(JSON.parse(text).$schema), { profile: 'local', operation: 'addCollaborationDataset' });
    assert.equal(await requestBodySchema('getCollaboration'), undefined, 'a GET takes no body');
  });

  test('the file schema requires each path parameter and applies the body schema', async () => {
    const operation = findOperation('createCollaboration')!;
    const schema = requestFileSchema(operation, await requestBodySchema(operation.id)) as { required: string[]; properties: Record<string, { properties?: Record<string, unknown>; const?: string }> };
    assert.deepEqual(schema.required, ['operation', 'path', 'body']);
    assert.equal(schema.properties.operation!.const, 'createCollaboration');
    assert.ok('creator_rights' in (schema.properties.body!.properties ?? {}), Object.keys(schema.properties.body!.properties ?? {}).join(', '));
  });

  test('bad files say what to write, and nothing is sent', () => {
    assert.ok(!readRequestFile('{').ok);
    const noOperation = readRequestFile('{"path": {}}');
    assert.ok(!noOperation.ok && /"operation" must name an operation/.test(noOperation.problems[0]!.message));
    const emptyParameter = readRequestFile('{"operation": "getCollaboration", "path": {"collaboration_id": ""}}');
    assert.ok(!emptyParameter.ok && /non-empty string/.test(emptyParameter.problems[0]!.message));
  });

  test('DELETE, close and leave are destructive; reads and creates are not', () => {
    assert.ok(isDestructive(findOperation('deleteActivationSegment')!));
    assert.ok(isDestructive(findOperation('closeCollaboration')!));
    assert.ok(isDestructive(findOperation('leaveCollaboration')!));
    assert.ok(!isDestructive(findOperation('createCollaboration')!));
    assert.ok(!isDestructive(findOperation('getCollaboration')!));
  });
});
