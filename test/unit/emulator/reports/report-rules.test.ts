/**
 * The rules of insight reports one at a time (emulator/README.md, "Insight reports"): the
 * index formula, how filters are qualified and where their problems point, and the two
 * queries a report runs.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadDataFolder } from '../../../../emulator/src/data/load-data-folder';
import type { EmulatorData } from '../../../../emulator/src/data/loaded-data';
import { createQueryEngine } from '../../../../emulator/src/engine-adapter';
import type { NamedDataset } from '../../../../emulator/src/query-engine';
import { computeSingles, reportIndex, reportQueries } from '../../../../emulator/src/reports/compute-report';
import { prepareFilter } from '../../../../emulator/src/reports/report-filter';
import { tinyCatalog, tinyFiles, writeTempFolder } from '../tiny-folder';

async function load(files: Map<string, string>): Promise<EmulatorData> {
  const folder = await writeTempFolder(files);
  const loaded = await loadDataFolder(folder.dir);
  await folder.remove();
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
  return loaded.data;
}

describe('insight report rules', () => {
  const engine = createQueryEngine();
  let data: EmulatorData;
  const named = (privateId: string): NamedDataset => {
    const dataset = data.datasets.get(privateId);
    if (!dataset) throw new Error(privateId);
    return { name: privateId, dataset, activation: false };
  };
  before(async () => {
    data = await load(tinyFiles());
  });
  after(() => undefined);

  it('index: the share in the intersection over the share in the baseline, ×100, rounded half up; 0 when dividing by 0', () => {
    assert.equal(reportIndex(1, 1, 2, 4), 200);
    assert.equal(reportIndex(1, 3, 1, 3), 100);
    assert.equal(reportIndex(1, 8, 1, 1), 13); // 12.5 rounds up
    assert.equal(reportIndex(0, 2, 1, 4), 0);
    assert.equal(reportIndex(1, 0, 1, 4), 0);
    assert.equal(reportIndex(1, 1, 0, 4), 0);
    assert.equal(reportIndex(1, 1, 1, 0), 0);
  });

  it('qualifies every unqualified reference of a filter with its dataset, keeping qualified ones', () => {
    const outcome = prepareFilter(engine, 'seed_filter', "Age > 30 AND (NOT Shop.Gender = 'Male' OR Gender IN ('Other'))", named('Shop'));
    assert.deepEqual(outcome, { ok: true, condition: "Shop.Age > 30 AND (NOT Shop.Gender = 'Male' OR Shop.Gender IN ('Other'))" });
  });

  it('an empty filter (or only a comment) is everyone', () => {
    assert.deepEqual(prepareFilter(engine, 'seed_filter', '', named('Shop')), { ok: true, condition: undefined });
    assert.deepEqual(prepareFilter(engine, 'seed_filter', '-- all', named('Shop')), { ok: true, condition: undefined });
  });

  it('a syntax problem names the filter, its line and column', () => {
    const outcome = prepareFilter(engine, 'baseline_filter', 'Age >\n  >= 3', named('Shop'));
    assert.equal(outcome.ok, false);
    assert.match(outcome.ok ? '' : outcome.message, /^baseline_filter: line 2, column 3: /);
  });

  it('a filter that does not resolve on its dataset names the position too', () => {
    const unknown = prepareFilter(engine, 'seed_filter', "Gender = 'Male' AND Interest = 'x'", named('Shop'));
    assert.match(unknown.ok ? '' : unknown.message, /^seed_filter: line 1, column 21: unknown category 'Interest'/);
    const otherDataset = prepareFilter(engine, 'seed_filter', "News.Interest = 'x'", named('Shop'));
    assert.match(otherDataset.ok ? '' : otherDataset.message, /^seed_filter: line 1, column 1: /);
  });

  it('runs two insight queries: the baseline, and the baseline intersected with the seed under both filters', () => {
    const plan = { seed: named('News'), baseline: named('Shop'), seedCondition: "News.Interest = 'Cycling'", baselineCondition: undefined, categories: ['Gender'] };
    assert.deepEqual(reportQueries(plan, ['Gender', 'Age']), {
      baseline: 'SELECT AGGREGATE(Shop.Gender, Shop.Age) FROM Shop',
      intersection: "SELECT AGGREGATE(Shop.Gender, Shop.Age) FROM Shop INTERSECT News WHERE (News.Interest = 'Cycling')",
    });
  });

  it('keeps the privacy rules of queries: redacted bins read 0 and the rest is rounded before the index', async () => {
    const catalog = tinyCatalog();
    const shop = catalog.datasets[0];
    if (!shop) throw new Error('shop');
    Object.assign(shop, { redaction_threshold: 2, rounding_threshold: 2 });
    const redacted = await load(tinyFiles({ 'catalog.json': JSON.stringify(catalog) }));
    const dataset = redacted.datasets.get('Shop');
    if (!dataset) throw new Error('Shop');
    const shopNamed: NamedDataset = { name: 'Shop', dataset, activation: false };
    const singles = computeSingles(engine, { seed: shopNamed, baseline: shopNamed, seedCondition: 'Shop.Age >= 30', baselineCondition: undefined, categories: ['Gender'] });
    // Baseline: 5 → 6 (rounded to 2, halves up); Female 2, Male 2, Other 1 (redacted: left out).
    // Intersection (Age ≥ 30: b, c, S5) 3 → 4; Female 1 and Male 1 and Other 1 are all under 2: redacted, read 0.
    assert.deepEqual(singles, {
      ok: true,
      value: [{
        baseline_background: '6', category_name: 'Gender', intersection_background: '4',
        values: [
          { baseline_foreground: '2', category_value: 'Female', index: 0, intersection_foreground: '0' },
          { baseline_foreground: '2', category_value: 'Male', index: 0, intersection_foreground: '0' },
        ],
      }],
    });
  });
});
