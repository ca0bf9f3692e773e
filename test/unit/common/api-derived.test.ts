// The hand-written modules of common/api that now derive from the generated schemas keep
// the project's reading of the wire: 64-bit counts as they arrive, open enums, defaults.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { zWireInt64 } from '../../../common/api/generated/v1/zod.gen';
import { ActivationSummarySchema, ConnectionKeySchema, DatasetSchema, QueryResultSchema, QueryStatusSchema, readInt64 } from '../../../common/api';

test('generated 64-bit fields keep the wire value: a decimal string or an integer, never coerced', () => {
  assert.equal(zWireInt64.parse('9007199254740993'), '9007199254740993');
  assert.equal(zWireInt64.parse(42), 42);
  for (const bad of ['1.5', 'abc', 1.5, '']) assert.equal(zWireInt64.safeParse(bad).success, false, String(bad));
  const key = ConnectionKeySchema.parse({ name: 'email', intersection: '9007199254740993' });
  assert.equal(readInt64(key.intersection ?? 0), 9007199254740993n);
});

test('open enums stay open, protobuf defaults are filled in', () => {
  assert.equal(ActivationSummarySchema.parse({ status: 'QUERY_SOMETHING_NEW' }).status, 'QUERY_SOMETHING_NEW');
  assert.equal(DatasetSchema.parse({ private_id: 'D1', product: 'UNIFIED', state: { bunker_state: 'NEW_STATE' } }).product, 'UNIFIED');
  assert.deepEqual(QueryResultSchema.parse({}).dimensions, []);
  assert.deepEqual(QueryStatusSchema.parse({ query_id: 'Q1' }), { query_id: 'Q1', done: false });
});

test('a failed query carries query_error (the overlay adds it to the swagger), details kept as sent', () => {
  const status = QueryStatusSchema.parse({ query_id: 'Q1', done: true, query_error: { code: 3, message: 'bad', details: [{ '@type': 't', line: '2' }] } });
  assert.deepEqual(status.query_error?.details, [{ '@type': 't', line: '2' }]);
  assert.equal(QueryStatusSchema.safeParse({ query_id: '' }).success, false);
});
