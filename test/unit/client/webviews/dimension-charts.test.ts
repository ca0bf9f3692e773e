import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildDimensionCharts, MAX_BARS } from '../../../../client/src/webviews/dimension-charts';

describe('buildDimensionCharts', () => {
  it("charts the first dimension with the service's counts and deeper ones as totals, saying so", () => {
    const charts = buildDimensionCharts(
      {
        dimensions: [
          { value: 'Female', count: 100, dimensions: [{ value: 'young', count: 40 }, { value: 'old', count: 50 }] },
          { value: 'Male', count: 90, dimensions: [{ value: 'young', count: 30 }] },
        ],
      },
      ['Retail.Gender', 'Retail.Age'],
    );
    assert.deepEqual(charts[0], { title: 'Retail.Gender', bars: [{ label: 'Female', value: 100 }, { label: 'Male', value: 90 }] });
    assert.equal(charts[1].title, 'Retail.Age');
    assert.deepEqual(charts[1].bars, [{ label: 'young', value: 70 }, { label: 'old', value: 50 }]);
    assert.match(charts[1].note ?? '', /Totals over the bins of Retail\.Gender; bins the service redacted are not included/);
  });

  it('keeps a readable number of bars and says how many there are', () => {
    const dimensions = Array.from({ length: MAX_BARS + 5 }, (_, index) => ({ value: `v${index}`, count: index }));
    const [chart] = buildDimensionCharts({ dimensions }, ['x']);
    assert.equal(chart.bars.length, MAX_BARS);
    assert.match(chart.note ?? '', new RegExp(`first ${MAX_BARS} of ${MAX_BARS + 5} bins`));
  });

  it('draws nothing for a result without dimensions and counts a missing count as 0', () => {
    assert.deepEqual(buildDimensionCharts({ dimensions: [] }, []), []);
    assert.deepEqual(buildDimensionCharts({ dimensions: [{ value: 'a' }] }, [])[0].bars, [{ label: 'a', value: 0 }]);
  });
});
