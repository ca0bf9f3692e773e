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

interface SharedSplit {
  readonly items: { text: string; arrays: readonly (readonly string[])[] }[];
  readonly rest: string;
  readonly complete: boolean;
}

const SHARED_PATH = ['stats', 'categories'];

function splitShared(text: string, cuts: readonly number[] = []): SharedSplit {
  const bytes = Buffer.from(text, 'utf8');
  const items: SharedSplit['items'] = [];
  const splitter = new JsonItemsSplitter('datasets', (item, arrays) => items.push({ text: item, arrays }), { sharedArray: SHARED_PATH });
  let from = 0;
  for (const cut of [...new Set(cuts)].filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b)) {
    splitter.push(bytes.subarray(from, cut));
    from = cut;
  }
  splitter.push(bytes.subarray(from));
  return { items, ...splitter.end() };
}

/** An item as JSON.parse reads it from the split: its text, the last shared array put back where the text has `[]`. */
function reassembled(item: SharedSplit['items'][number]): unknown {
  const value = JSON.parse(item.text) as { stats?: { categories?: unknown } };
  const last = item.arrays[item.arrays.length - 1];
  if (last !== undefined && Array.isArray(value.stats?.categories)) value.stats.categories = last.map((element) => JSON.parse(element) as unknown);
  return value;
}

test('a shared array is cut out of each item: `[]` in the text, its elements handed over apart', () => {
  const result = splitShared('{"datasets": [{"id": 1, "stats": {"rows": 2, "categories": [{"label": "A"}, {"label": "B, ]"}], "keys": []}}, {"id": 2}, 7]}');
  assert.deepEqual(
    result.items.map((item) => ({ ...item, arrays: item.arrays.map((array) => [...array]) })),
    [
      { text: '{"id": 1, "stats": {"rows": 2, "categories": [], "keys": []}}', arrays: [['{"label": "A"}', '{"label": "B, ]"}']] },
      { text: '{"id": 2}', arrays: [] },
      { text: '7', arrays: [] },
    ],
  );
  assert.deepEqual(JSON.parse(result.rest), { datasets: [] });
});

test('only the array at the path is cut: the same name elsewhere stays in the text', () => {
  const body = { datasets: [{ categories: [1], stats: { other: { categories: [2] }, categories: [] }, list: [{ stats: { categories: [3] } }] }] };
  const result = splitShared(JSON.stringify(body));
  assert.equal(result.items[0]!.text, '{"categories":[1],"stats":{"other":{"categories":[2]},"categories":[]},"list":[{"stats":{"categories":[3]}}]}');
  assert.deepEqual(result.items[0]!.arrays, [[]]);
});

test('an array byte for byte the previous one is handed over as the same array object, across any cut', () => {
  const categories = [{ label: 'Age', representations: [{ label: 'Age', data_type: 'INTEGERS' }] }, { label: 'Zoë – 東京', representations: [] }];
  const other = [categories[1], categories[0]];
  const body = JSON.stringify({
    datasets: [
      { id: 'a', stats: { categories } },
      { id: 'b', stats: { categories } },
      { id: 'c', stats: { categories: other } },
      { id: 'd', stats: { categories: other } },
      { id: 'e', stats: { categories } },
    ],
  });
  const whole = splitShared(body);
  for (let cut = 1; cut < Buffer.byteLength(body); cut++) {
    for (const result of [splitShared(body, [cut]), splitShared(body, [cut, cut + 7, cut + 301])]) {
      const arrays = result.items.map((item) => item.arrays[0]);
      assert.equal(arrays[1], arrays[0], `cut at ${cut}`);
      assert.notEqual(arrays[2], arrays[1]);
      assert.equal(arrays[3], arrays[2]);
      assert.notEqual(arrays[4], arrays[3]);
      assert.deepEqual(result.items.map(reassembled), whole.items.map(reassembled), `cut at ${cut}`);
    }
  }
  assert.deepEqual(whole.items.map(reassembled), JSON.parse(body).datasets);
});

test('an array that starts as the previous one and differs later (in a later piece) is read whole', () => {
  const first = JSON.stringify([{ label: 'A' }, { label: 'B' }]);
  const body = `{"datasets":[{"stats":{"categories":${first}}},{"stats":{"categories":[{"label":"A"},{"label":"C"}]}}]}`;
  const at = body.lastIndexOf('"C"');
  for (const cuts of [[at], [at - 10, at], [at - 10, at - 5, at + 1]]) {
    const result = splitShared(body, cuts);
    assert.deepEqual(result.items[1]!.arrays, [['{"label":"A"}', '{"label":"C"}']], String(cuts));
    assert.equal(result.complete, true);
  }
});

test('a path name written with escapes is still recognised; an empty shared array has no elements', () => {
  const result = splitShared('{"datasets": [{"st\\u0061ts": {"categories": [ ]}}]}');
  assert.deepEqual(result.items, [{ text: '{"st\\u0061ts": {"categories": []}}', arrays: [[]] }]);
});

test('property: with a shared array, for any items and any cutting, each item reassembles as JSON.parse reads it', () => {
  const category = fc.record({ label: fc.string({ unit: 'binary', maxLength: 5 }), n: fc.integer() }, { requiredKeys: ['label'] });
  const pool = fc.array(fc.array(category, { maxLength: 3 }), { minLength: 1, maxLength: 3 });
  fc.assert(
    fc.property(
      pool,
      fc.array(fc.record({ pick: fc.nat(), name: fc.string({ unit: 'binary', maxLength: 4 }), shape: fc.constantFrom('array', 'none', 'scalar', 'twice', 'stats twice') })),
      fc.array(fc.nat(), { maxLength: 8 }),
      (arrays, specs, cuts) => {
        const items = specs.map((spec) => {
          const categories = JSON.stringify(arrays[spec.pick % arrays.length]!);
          const name = JSON.stringify(spec.name);
          if (spec.shape === 'none') return `{"name":${name},"stats":{}}`;
          if (spec.shape === 'scalar') return `{"name":${name},"stats":{"categories":${name}}}`;
          // A name written twice: JSON.parse keeps the last.
          if (spec.shape === 'twice') return `{"name":${name},"stats":{"categories":[{"label":"first"}],"categories":${categories}}}`;
          if (spec.shape === 'stats twice') return `{"name":${name},"stats":{"categories":${categories}},"stats":{"rows":1}}`;
          return `{"name":${name},"stats":{"categories":${categories}}}`;
        });
        const body = `{"datasets":[${items.join(',')}]}`;
        const expected = (JSON.parse(body) as { datasets: unknown[] }).datasets;
        const result = splitShared(body, cuts.map((c) => c % (Buffer.byteLength(body) + 1)));
        assert.equal(result.complete, true);
        assert.deepEqual(result.items.map(reassembled), expected);
        assert.deepEqual(JSON.parse(result.rest), { datasets: [] });
      },
    ),
    { numRuns: 300 },
  );
});
