import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOperationPath, matchOperation, operations } from '../../../common/api';
import type { OperationDefinition } from '../../../common/api';

// The reference swagger files sit next to the repository (../shared/api), not inside it.
const swaggerFolder = join(__dirname, '..', '..', '..', '..', 'shared', 'api');
const swaggerPaths = (file: string): Record<string, Record<string, unknown>> =>
  (JSON.parse(readFileSync(join(swaggerFolder, file), 'utf8')) as { paths: Record<string, Record<string, unknown>> }).paths;

test('every operation exists with its method in the reference swagger files', { skip: !existsSync(swaggerFolder) && 'reference swagger files not found' }, () => {
  const paths = { ...swaggerPaths('infosum-v1.swagger.json'), ...swaggerPaths('infosum-v2.swagger.json') };
  for (const [id, definition] of Object.entries(operations) as [string, OperationDefinition][]) {
    const entry = paths[definition.path];
    assert.ok(entry !== undefined, `${id}: ${definition.path} is not in the swagger`);
    assert.ok(definition.method.toLowerCase() in entry, `${id}: ${definition.method} ${definition.path} is not in the swagger`);
  }
});

test('only reads, the validate/explain POSTs and Calculate match rate (a computation that changes nothing) are retry-safe', () => {
  const retrySafe = (Object.entries(operations) as [string, OperationDefinition][])
    .filter(([, d]) => d.retrySafe && d.method !== 'GET')
    .map(([id]) => id)
    .sort();
  assert.deepEqual(retrySafe, ['calculateMatchRate', 'explainQuery', 'validateActivationQuery', 'validateQuery']);
  for (const definition of Object.values(operations) as OperationDefinition[]) {
    if (definition.method === 'GET') assert.equal(definition.retrySafe, true, definition.title);
  }
});

test('matchOperation routes by method and path, literal segments first', () => {
  assert.deepEqual(matchOperation('POST', '/api/v1/activations/validate'), { id: 'validateActivationQuery', params: {} });
  assert.deepEqual(matchOperation('get', '/api/v1/activations/A1'), { id: 'getActivation', params: { activation_id: 'A1' } });
  assert.deepEqual(matchOperation('GET', '/api/v1/connections/a%20b/c'), { id: 'getConnection', params: { first_private_id: 'a b', second_private_id: 'c' } });
  assert.equal(matchOperation('PUT', '/api/v1/queries'), undefined);
  assert.equal(matchOperation('GET', '/api/v1/queries/%E0%A4%A'), undefined);
  assert.equal(matchOperation('GET', '/api/v2/collaborations/C1/datasets/D1/stats/summary')?.id, 'getSummaryStats');
});

test('buildOperationPath percent-encodes parameters', () => {
  assert.equal(buildOperationPath(operations.getQueryResult.path, { query_id: 'q/1?x' }), '/api/v1/queries/q%2F1%3Fx/result');
});
