/**
 * Douglas–Peucker simplification of a closed ring. Chosen over Visvalingam because its tolerance is
 * a distance, the largest a simplified edge may stray from the original line, which an admin can
 * weigh against the map's metres per pixel; Visvalingam's is an area, which nobody can picture.
 */

/**
 * The ring with the vertices that matter at `tolerance`, still closed. A ring with three or more
 * distinct corners keeps at least three: a closed ring of four positions, the fewest a polygon has.
 * @param {number[][]} ring [lng, lat] positions, closed (the last equals the first)
 * @param {number} tolerance in degrees of latitude
 * @param {number} xScale how much shorter a degree of longitude is than one of latitude here
 * @returns {number[][]}
 */
export function simplifyRing(ring, tolerance, xScale) {
  const last = ring.length - 1;
  if (last < 3) return ring;
  const keep = new Uint8Array(ring.length);
  keep[0] = 1;
  keep[last] = 1;
  // A closed ring starts and ends on one point, so there is no chord to measure from: split it at
  // the vertex farthest from the start and simplify the two halves.
  const start = /** @type {number[]} */ (ring[0]);
  let split = 0;
  let farthest = -1;
  for (let i = 1; i < last; i++) {
    const d = squaredDistance(/** @type {number[]} */ (ring[i]), start, xScale);
    if (d > farthest) {
      farthest = d;
      split = i;
    }
  }
  if (farthest <= 0) return ring;
  keep[split] = 1;
  const tolerance2 = tolerance * tolerance;
  const before = markChain(ring, 0, split, tolerance2, xScale, keep);
  const after = markChain(ring, split, last, tolerance2, xScale, keep);
  let kept = 0;
  for (const flag of keep) kept += flag;
  // Only the start, the split and the closing point: a line, not a polygon. Keep the corner that
  // strays farthest from it, if any strays at all.
  if (kept === 3) {
    const corner = before.distance >= after.distance ? before : after;
    if (corner.distance > 0) keep[corner.index] = 1;
  }
  return ring.filter((_, i) => keep[i] === 1);
}

/**
 * Marks the vertices between `first` and `last` that stray more than the tolerance, iteratively so a
 * ring of a hundred thousand points cannot overflow the stack.
 * @param {number[][]} points
 * @param {number} first
 * @param {number} last
 * @param {number} tolerance2 squared
 * @param {number} xScale
 * @param {Uint8Array} keep
 * @returns {{ index: number, distance: number }} the vertex farthest from the chord first–last
 */
function markChain(points, first, last, tolerance2, xScale, keep) {
  let farthestOverall = { index: first, distance: 0 };
  const stack = [first, last];
  while (stack.length > 0) {
    const to = /** @type {number} */ (stack.pop());
    const from = /** @type {number} */ (stack.pop());
    let index = -1;
    let max = 0;
    for (let i = from + 1; i < to; i++) {
      const d = squaredSegmentDistance(
        /** @type {number[]} */ (points[i]),
        /** @type {number[]} */ (points[from]),
        /** @type {number[]} */ (points[to]),
        xScale,
      );
      if (d > max) {
        max = d;
        index = i;
      }
    }
    if (from === first && to === last) farthestOverall = { index, distance: max };
    if (index >= 0 && max > tolerance2) {
      keep[index] = 1;
      stack.push(from, index, index, to);
    }
  }
  return farthestOverall;
}

/**
 * @param {number[]} a
 * @param {number[]} b
 * @param {number} xScale
 */
function squaredDistance(a, b, xScale) {
  const dx = ((a[0] ?? 0) - (b[0] ?? 0)) * xScale;
  const dy = (a[1] ?? 0) - (b[1] ?? 0);
  return dx * dx + dy * dy;
}

/**
 * Squared distance from `p` to the segment a–b, with longitudes scaled to latitude's length.
 * @param {number[]} p
 * @param {number[]} a
 * @param {number[]} b
 * @param {number} xScale
 */
function squaredSegmentDistance(p, a, b, xScale) {
  const ax = (a[0] ?? 0) * xScale;
  const ay = a[1] ?? 0;
  let dx = (b[0] ?? 0) * xScale - ax;
  let dy = (b[1] ?? 0) - ay;
  let x = ax;
  let y = ay;
  if (dx !== 0 || dy !== 0) {
    const t = (((p[0] ?? 0) * xScale - ax) * dx + ((p[1] ?? 0) - ay) * dy) / (dx * dx + dy * dy);
    if (t > 1) {
      x += dx;
      y += dy;
    } else if (t > 0) {
      x += dx * t;
      y += dy * t;
    }
  }
  dx = (p[0] ?? 0) * xScale - x;
  dy = (p[1] ?? 0) - y;
  return dx * dx + dy * dy;
}
