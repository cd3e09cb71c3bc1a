/**
 * Plane geometry on [lng, lat] rings, shared by the shapefile reader (which must tell outer rings
 * from holes) and the cleanup (which measures, orients and validates them).
 */

/**
 * Shoelace area in square degrees: positive counter-clockwise, negative clockwise.
 * @param {number[][]} ring closed or not
 */
export function signedArea(ring) {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [ax = 0, ay = 0] = /** @type {number[]} */ (ring[j]);
    const [bx = 0, by = 0] = /** @type {number[]} */ (ring[i]);
    sum += ax * by - bx * ay;
  }
  return sum / 2;
}

/**
 * Whether a point lies inside a ring (even-odd rule; a point on the edge may go either way).
 * @param {number[]} point
 * @param {number[][]} ring
 */
export function ringContains(point, ring) {
  const [x = 0, y = 0] = point;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = /** @type {number[]} */ (ring[i]);
    const [xj = 0, yj = 0] = /** @type {number[]} */ (ring[j]);
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
