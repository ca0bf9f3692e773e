import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fitBox, MAX_ZOOM, MIN_ZOOM, naturalBox, panBy, zoomAround, zoomOf } from '../../../../client/webview/plan/view-box';

describe('plan graph zoom and pan', () => {
  const box = { x: 0, y: 0, width: 400, height: 200 };

  it('zooms in around the point under the cursor, which stays where it is', () => {
    const zoomed = zoomAround(box, 2, { x: 100, y: 50 }, 400);
    assert.equal(zoomOf(zoomed, 400), 2);
    assert.deepEqual(zoomed, { x: 50, y: 25, width: 200, height: 100 });
    // The cursor point keeps its place in the viewport: a quarter across, a quarter down.
    assert.equal((100 - zoomed.x) / zoomed.width, (100 - box.x) / box.width);
    assert.equal((50 - zoomed.y) / zoomed.height, (50 - box.y) / box.height);
  });

  it('keeps the zoom between its bounds and ignores a nonsense factor', () => {
    assert.equal(zoomOf(zoomAround(box, 1000, { x: 0, y: 0 }, 400), 400), MAX_ZOOM);
    assert.equal(zoomOf(zoomAround(box, 0.0001, { x: 0, y: 0 }, 400), 400), MIN_ZOOM);
    assert.deepEqual(zoomAround(box, Number.NaN, { x: 0, y: 0 }, 400), box);
    assert.deepEqual(zoomAround(box, -1, { x: 0, y: 0 }, 400), box);
  });

  it('pans by screen pixels at the current zoom', () => {
    // 400 units on 800 pixels: a 100-pixel drag to the right shows 50 units further left.
    assert.deepEqual(panBy(box, 100, -20, 800), { x: -50, y: 10, width: 400, height: 200 });
    assert.deepEqual(panBy(box, 100, 0, 0), box);
  });

  it('fits a large drawing whole and centred, and leaves a small one at natural size', () => {
    const fitted = fitBox(1600, 400, { width: 800, height: 400 });
    assert.equal(fitted.width, 1600);
    assert.equal(fitted.height, 800);
    assert.deepEqual({ x: fitted.x, y: fitted.y }, { x: 0, y: -200 });
    assert.deepEqual(fitBox(200, 100, { width: 800, height: 400 }), { x: -300, y: -150, width: 800, height: 400 });
    assert.deepEqual(naturalBox({ x: 0, y: 0, width: 1600, height: 800 }, { width: 800, height: 400 }), { x: 400, y: 200, width: 800, height: 400 });
  });
});
