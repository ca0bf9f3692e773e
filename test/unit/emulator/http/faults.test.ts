import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FaultInjector, parseFaultSpec } from '../../../../emulator/src/http/faults';

describe('parseFaultSpec', () => {
  it('reads operations, groups, statuses, timeout and reset, with probability 1 by default', () => {
    const parsed = parseFaultSpec('validate:500:0.5, datasets:timeout:1, get-query:reset');
    assert.ok(parsed.ok);
    assert.deepEqual(
      parsed.rules.map((rule) => [rule.operations, rule.action, rule.probability]),
      [
        [['validateQuery'], { kind: 'status', status: 500 }, 0.5],
        [['listDatasets', 'getDatasetMetadata'], { kind: 'timeout' }, 1],
        [['getQuery'], { kind: 'reset' }, 1],
      ],
    );
  });

  it('accepts * and operation ids', () => {
    const parsed = parseFaultSpec('*:503:0.1,explainQuery:400');
    assert.ok(parsed.ok);
    assert.ok((parsed.rules[0]?.operations.length ?? 0) > 30);
    assert.deepEqual(parsed.rules[1]?.operations, ['explainQuery']);
  });

  it('names the faulty item and the fix', () => {
    const cases: [string, RegExp][] = [
      ['nosuch:500', /unknown operation 'nosuch'; known names: \*, queries/],
      ['validate:200', /HTTP status from 400 to 599/],
      ['validate:500:2', /probability must be a number from 0 to 1/],
      ['validate', /write operation:action\[:probability\]/],
    ];
    for (const [spec, pattern] of cases) {
      const parsed = parseFaultSpec(spec);
      assert.equal(parsed.ok, false, spec);
      if (!parsed.ok) assert.match(parsed.message, pattern);
    }
  });

  it('is empty for an empty spec', () => {
    assert.deepEqual(parseFaultSpec(''), { ok: true, rules: [] });
  });
});

describe('FaultInjector', () => {
  it('makes the same decisions for the same seed, and strikes about as often as asked', () => {
    const spec = parseFaultSpec('validate:500:0.3');
    assert.ok(spec.ok);
    const run = (): boolean[] => {
      const injector = new FaultInjector(spec.rules, 'seed');
      return Array.from({ length: 1000 }, () => injector.decide('validateQuery') !== undefined);
    };
    const first = run();
    assert.deepEqual(first, run());
    const strikes = first.filter(Boolean).length;
    assert.ok(strikes > 240 && strikes < 360, String(strikes));
  });

  it('leaves other operations alone', () => {
    const spec = parseFaultSpec('validate:500:1');
    assert.ok(spec.ok);
    assert.equal(new FaultInjector(spec.rules).decide('explainQuery'), undefined);
  });
});
