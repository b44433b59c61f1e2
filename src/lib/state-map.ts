import { stateOutlines, type LngLat } from '#data/state-outlines.ts';

/** The longer side of a state map's viewBox, in its own units. */
const SIZE = 400;
/** Room around the outline for the dot and its label. */
const PAD = 12;

export interface StateMap {
  width: number;
  height: number;
  /** The outline as an SVG path (integers, closed). */
  path: string;
  /** Longitude/latitude box of the outline. */
  box: { west: number; east: number; south: number; north: number };
  /** Where a place falls on the map, in viewBox units. */
  project: (place: { lat: number; lng: number }) => { x: number; y: number };
}

/**
 * A state's outline projected linearly inside its bounding box. Longitudes are shortened by the
 * cosine of the middle latitude so the shape is not stretched east-west (at these latitudes a
 * degree of longitude is 0.75-0.9 of a degree of latitude); good enough for a dot on a sketch.
 */
export function stateMap(stateSlug: string): StateMap {
  const outline = stateOutlines[stateSlug];
  if (!outline) throw new Error(`No outline for state "${stateSlug}"`);
  const lngs = outline.map(([lng]) => lng);
  const lats = outline.map(([, lat]) => lat);
  const box = { west: Math.min(...lngs), east: Math.max(...lngs), south: Math.min(...lats), north: Math.max(...lats) };
  const squeeze = Math.cos((((box.north + box.south) / 2) * Math.PI) / 180);
  const spanX = (box.east - box.west) * squeeze;
  const spanY = box.north - box.south;
  const scale = (SIZE - 2 * PAD) / Math.max(spanX, spanY);
  const project = ({ lat, lng }: { lat: number; lng: number }) => ({
    x: Math.round(PAD + (lng - box.west) * squeeze * scale),
    y: Math.round(PAD + (box.north - lat) * scale),
  });
  const points = outline.map(([lng, lat]: LngLat) => project({ lat, lng }));
  const path = `M${points.map(({ x, y }) => `${x} ${y}`).join('L')}Z`;
  return {
    width: Math.round(spanX * scale + 2 * PAD),
    height: Math.round(spanY * scale + 2 * PAD),
    path,
    box,
    project,
  };
}

/** Ray casting: whether a point lies inside a state's outline. */
export function insideOutline(stateSlug: string, { lat, lng }: { lat: number; lng: number }): boolean {
  const outline = stateOutlines[stateSlug] ?? [];
  let inside = false;
  for (let i = 0, j = outline.length - 1; i < outline.length; j = i++) {
    const [xi, yi] = outline[i] as LngLat;
    const [xj, yj] = outline[j] as LngLat;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** A label beside its dot: to the right, or to the left in the map's right half so it stays inside. */
export function labelPlacement(map: Pick<StateMap, 'width'>, point: { x: number; y: number }, size = 18) {
  const right = point.x > map.width * 0.55;
  const gap = Math.round(size * 0.7);
  return {
    x: right ? point.x - gap : point.x + gap,
    y: point.y + Math.round(size / 3),
    anchor: right ? 'end' : 'start',
  } as const;
}
