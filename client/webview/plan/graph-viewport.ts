/**
 * Makes the plan graph zoomable and pannable: the SVG fills a viewport of the page, and its
 * viewBox (view-box.ts) follows the wheel (zoom at the cursor), a drag (pan), the buttons
 * (zoom out, zoom in, fit, natural size) and the keyboard (+, -, 0 to fit, arrows). Sizes go
 * through attributes and the CSSOM only, which the page's policy allows.
 */
import { h } from '../shared/dom';
import { fitBox, naturalBox, panBy, zoomAround, zoomOf } from './view-box';
import type { ViewBox } from './view-box';

/** The tallest the viewport grows before the graph needs zooming out or panning. */
const MAX_VIEWPORT_HEIGHT = 520;
const BUTTON_FACTOR = 1.25;
const KEY_PAN_PIXELS = 40;
/** Wheel pixels per doubling of the zoom. */
const WHEEL_PIXELS_PER_DOUBLING = 400;

/** Wraps `drawing` (natural size `width` × `height`) in a zoomable viewport with its controls. */
export function zoomableGraph(drawing: SVGSVGElement, width: number, height: number): HTMLElement {
  const viewport = h('div', {
    className: 'graph-viewport',
    attributes: { tabindex: '0', role: 'group', 'aria-label': 'Join path graph: wheel or + and - to zoom, drag or arrow keys to pan, 0 to fit' },
  });
  viewport.style.height = `${Math.min(Math.ceil(height) + 2, MAX_VIEWPORT_HEIGHT)}px`;
  drawing.setAttribute('width', '100%');
  drawing.setAttribute('height', '100%');
  drawing.setAttribute('preserveAspectRatio', 'xMinYMin meet');
  viewport.append(drawing);

  const zoomLabel = h('span', { className: 'zoom-level', attributes: { 'aria-live': 'polite' } });
  let box: ViewBox = { x: 0, y: 0, width, height };
  let touched = false;
  const screen = (): { width: number; height: number } => {
    const rect = viewport.getBoundingClientRect();
    return { width: rect.width, height: rect.height };
  };
  const apply = (next: ViewBox, byUser = true): void => {
    box = next;
    touched ||= byUser;
    drawing.setAttribute('viewBox', `${box.x} ${box.y} ${box.width} ${box.height}`);
    zoomLabel.textContent = `${Math.round(zoomOf(box, width) * 100)}%`;
  };
  const fit = (byUser: boolean): void => apply(fitBox(width, height, screen()), byUser);
  const centre = (): { x: number; y: number } => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
  const zoomBy = (factor: number, at = centre()): void => apply(zoomAround(box, factor, at, width));

  viewport.addEventListener(
    'wheel',
    (event) => {
      event.preventDefault();
      const rect = viewport.getBoundingClientRect();
      const at = { x: box.x + ((event.clientX - rect.left) * box.width) / rect.width, y: box.y + ((event.clientY - rect.top) * box.height) / rect.height };
      zoomBy(2 ** (-event.deltaY / WHEEL_PIXELS_PER_DOUBLING), at);
    },
    { passive: false },
  );
  let dragFrom: { x: number; y: number } | undefined;
  viewport.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    dragFrom = { x: event.clientX, y: event.clientY };
    viewport.setPointerCapture(event.pointerId);
    viewport.classList.add('dragging');
  });
  viewport.addEventListener('pointermove', (event) => {
    if (!dragFrom) return;
    apply(panBy(box, event.clientX - dragFrom.x, event.clientY - dragFrom.y, screen().width));
    dragFrom = { x: event.clientX, y: event.clientY };
  });
  const endDrag = (): void => {
    dragFrom = undefined;
    viewport.classList.remove('dragging');
  };
  viewport.addEventListener('pointerup', endDrag);
  viewport.addEventListener('pointercancel', endDrag);
  viewport.addEventListener('keydown', (event) => {
    const pans: Record<string, [number, number]> = { ArrowLeft: [KEY_PAN_PIXELS, 0], ArrowRight: [-KEY_PAN_PIXELS, 0], ArrowUp: [0, KEY_PAN_PIXELS], ArrowDown: [0, -KEY_PAN_PIXELS] };
    const pan = pans[event.key];
    if (pan) apply(panBy(box, pan[0], pan[1], screen().width));
    else if (event.key === '+' || event.key === '=') zoomBy(BUTTON_FACTOR);
    else if (event.key === '-') zoomBy(1 / BUTTON_FACTOR);
    else if (event.key === '0') fit(true);
    else return;
    event.preventDefault();
  });
  // Keeps the zoom when the panel is resized; refits while the user has not zoomed or panned.
  let lastWidth = 0;
  new ResizeObserver(() => {
    const size = screen();
    if (size.width <= 0) return;
    if (!touched || lastWidth <= 0) fit(false);
    else {
      const unitsPerPixel = box.width / lastWidth;
      apply({ ...box, width: size.width * unitsPerPixel, height: size.height * unitsPerPixel }, false);
    }
    lastWidth = size.width;
  }).observe(viewport);
  apply(box, false);

  const button = (label: string, title: string, onClick: () => void): HTMLButtonElement => {
    const element = h('button', { text: label, attributes: { type: 'button', title, 'aria-label': title } });
    element.addEventListener('click', onClick);
    return element;
  };
  const controls = h(
    'div',
    { className: 'graph-controls' },
    button('−', 'Zoom out (-)', () => zoomBy(1 / BUTTON_FACTOR)),
    button('+', 'Zoom in (+)', () => zoomBy(BUTTON_FACTOR)),
    button('Fit', 'Fit the whole graph (0)', () => fit(true)),
    button('100%', 'Natural size', () => apply(naturalBox(box, screen()))),
    zoomLabel,
    h('span', { className: 'note', text: 'Wheel to zoom, drag to pan.' }),
  );
  return h('div', { className: 'graph-zoom' }, controls, viewport);
}
