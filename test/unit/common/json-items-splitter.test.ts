import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { JsonItemsSplitter } from '../../../common/json-items-splitter';

interface Split {
  readonly items: string[];
  readonly rest: string;
  readonly complete: boolean;
}

/** Feeds `text` to a splitter in pieces cut at `cuts` (byte offsets). */
function split(text: string, cuts: readonly number[] = [], property = 'datasets'): Split {
  const bytes = Buffer.from(text, 'utf8');
  const items: string[] = [];
  const splitter = new JsonItemsSplitter(property, (item) => items.push(item));
  let from = 0;
  for (const cut of [...cuts].filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b)) {
    splitter.push(bytes.subarray(from, cut));
    from = cut;
  }
  splitter.push(bytes.subarray(from));
  return { items, ...splitter.end() };
}

test('hands over each item of the named array and keeps the rest with the array empty', () => {
  const result = split('{"next": 2, "datasets": [{"a": 1}, [2, 3], "x", 4, null], "total": {"n": [5]}}');
  assert.deepEqual(result.items, ['{"a": 1}', '[2, 3]', '"x"', '4', 'null']);
  assert.deepEqual(JSON.parse(result.rest), { next: 2, datasets: [], total: { n: [5] } });
  assert.equal(result.complete, true);
});

test('brackets, commas and quotes inside strings are text, not structure', () => {
  const tricky = { datasets: [{ label: 'a, b] }', note: 'say "hi" \\', path: '\\"' }, { label: '[{,' }] };
  const result = split(JSON.stringify(tricky));
  assert.deepEqual(result.items.map((item) => JSON.parse(item) as unknown), tricky.datasets);
  assert.deepEqual(JSON.parse(result.rest), { datasets: [] });
});

test('only the top-level property is split: a nested one of the same name stays in its item', () => {
  const body = { owner: { datasets: [1, 2] }, datasets: [{ datasets: [3] }] };
  const result = split(JSON.stringify(body));
  assert.deepEqual(result.items, ['{"datasets":[3]}']);
  assert.deepEqual(JSON.parse(result.rest), { owner: { datasets: [1, 2] }, datasets: [] });
});

test('an empty array yields no item; a missing item yields an empty text that JSON.parse rejects', () => {
  assert.deepEqual(split('{"datasets": [ ]}').items, []);
  assert.deepEqual(split('{"datasets": [1,,2]}').items, ['1', '', '2']);
  assert.deepEqual(split('{"datasets": [1,]}').items, ['1', '']);
});

test('a property name written with escapes is still recognised', () => {
  const result = split('{"dat\\u0061sets": [{"a": 1}]}');
  assert.deepEqual(result.items, ['{"a": 1}']);
});

test('a body cut short is reported as incomplete', () => {
  assert.equal(split('{"datasets": [{"a": 1}').complete, false);
  assert.equal(split('{"datasets": [], "x": "abc').complete, false);
  assert.equal(split('{"datasets": []').complete, false);
});

test('a body that is not an object is left whole in the rest', () => {
  const result = split('[{"datasets": [1]}]');
  assert.deepEqual(result.items, []);
  assert.equal(result.rest, '[{"datasets": [1]}]');
});

test('multi-byte characters and escapes cut across pieces come out whole', () => {
  const body = JSON.stringify({ datasets: [{ name: 'Zoë – 東京 🎉', quote: 'a\\"b' }, { name: 'ünïcode' }] });
  const whole = split(body);
  for (let cut = 1; cut < Buffer.byteLength(body); cut++) {
    assert.deepEqual(split(body, [cut]), whole, `cut at byte ${cut}`);
  }
});

test('property: for any body and any cutting, the items and the rest reassemble the parsed body', () => {
  const json = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, fc.string({ unit: 'binary' }), fc.integer(), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
    array: fc.array(tie('value'), { maxLength: 4 }),
    object: fc.dictionary(fc.string({ unit: 'binary', maxLength: 6 }), tie('value'), { maxKeys: 4 }),
  }));
  fc.assert(
    fc.property(
      fc.array(json.value, { maxLength: 6 }),
      fc.dictionary(fc.string({ maxLength: 6 }).filter((k) => k !== 'datasets'), json.value, { maxKeys: 3 }),
      fc.array(fc.nat(), { maxLength: 8 }),
      (items, others, cuts) => {
        const body = JSON.stringify({ ...others, datasets: items });
        const result = split(body, cuts.map((c) => c % (Buffer.byteLength(body) + 1)));
        assert.equal(result.complete, true);
        // Compared through JSON, which is what the splitter promises to preserve.
        assert.deepEqual(result.items.map((item) => JSON.parse(item) as unknown), JSON.parse(JSON.stringify(items)));
        assert.deepEqual(JSON.parse(result.rest), JSON.parse(JSON.stringify({ ...others, datasets: [] })));
      },
    ),
    { numRuns: 300 },
  );
});
