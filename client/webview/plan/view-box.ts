/**
 * Zoom and pan of the plan graph as arithmetic on the SVG's viewBox: the part of the drawing
 * on show. Zooming keeps the point under the cursor where it is; panning moves by screen pixels
 * at the current zoom. Pure (no DOM), so it is tested alone.
 */

export interface ViewBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** How far in and out the graph zooms, relative to its natural size. */
export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 8;

/** The zoom of `box` over a drawing `naturalWidth` wide (1 = natural size, 2 = twice as large). */
export function zoomOf(box: ViewBox, naturalWidth: number): number {
  return naturalWidth / box.width;
}

/**
 * `box` zoomed by `factor` (> 1 zooms in) around `at`, a point in drawing coordinates, the zoom
 * kept between MIN_ZOOM and MAX_ZOOM of the natural width.
 */
export function zoomAround(box: ViewBox, factor: number, at: { x: number; y: number }, naturalWidth: number): ViewBox {
  if (!Number.isFinite(factor) || factor <= 0) return box;
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoomOf(box, naturalWidth) * factor));
  const width = naturalWidth / zoom;
  const scale = width / box.width;
  const height = box.height * scale;
  return { x: at.x - (at.x - box.x) * scale, y: at.y - (at.y - box.y) * scale, width, height };
}

/** The box that shows the drawing at natural size around the centre of `box`, in a viewport of `screen` size. */
export function naturalBox(box: ViewBox, screen: { width: number; height: number }): ViewBox {
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  return { x: centre.x - screen.width / 2, y: centre.y - screen.height / 2, width: screen.width, height: screen.height };
}

/** `box` moved so that the drawing follows a drag of `dx`, `dy` screen pixels on a viewport `screenWidth` wide. */
export function panBy(box: ViewBox, dx: number, dy: number, screenWidth: number): ViewBox {
  if (screenWidth <= 0) return box;
  const unitsPerPixel = box.width / screenWidth;
  return { ...box, x: box.x - dx * unitsPerPixel, y: box.y - dy * unitsPerPixel };
}

/**
 * The box that shows the whole drawing (`width` × `height`) centred in a viewport of `screen`
 * size, with the viewport's proportions (so screen and drawing units map linearly); a drawing
 * smaller than the viewport stays at its natural size.
 */
export function fitBox(width: number, height: number, screen: { width: number; height: number }): ViewBox {
  if (screen.width <= 0 || screen.height <= 0) return { x: 0, y: 0, width, height };
  const scale = Math.min(1 / MIN_ZOOM, Math.max(width / screen.width, height / screen.height, 1));
  const boxWidth = screen.width * scale;
  const boxHeight = screen.height * scale;
  return { x: (width - boxWidth) / 2, y: (height - boxHeight) / 2, width: boxWidth, height: boxHeight };
}
