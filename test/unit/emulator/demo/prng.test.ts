import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPrng } from '../../../../emulator/src/demo/prng';

describe('createPrng', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    const draw = (seed: string): number[] => {
      const prng = createPrng(seed);
      return Array.from({ length: 8 }, () => prng.next());
    };
    assert.deepEqual(draw('a'), draw('a'));
    assert.notDeepEqual(draw('a'), draw('b'));
  });

  it('stays in range and roughly uniform', () => {
    const prng = createPrng(42);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 20000; i++) {
      const value = prng.int(0, 3);
      assert.ok(value >= 0 && value <= 3);
      counts[value] = (counts[value] ?? 0) + 1;
    }
    for (const count of counts) assert.ok(count > 4500 && count < 5500, String(counts));
  });

  it('honours weights', () => {
    const prng = createPrng('w');
    let heavy = 0;
    for (let i = 0; i < 10000; i++) if (prng.weighted(['x', 'y'], [9, 1]) === 'x') heavy++;
    assert.ok(heavy > 8700 && heavy < 9300, String(heavy));
  });
});
