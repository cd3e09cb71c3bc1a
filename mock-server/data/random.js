/**
 * A seeded PRNG (mulberry32), so the same seed always yields the same demo data and tests can rely
 * on it. Math.random would make every start, and every failing test, different.
 */

/** @param {number} seed @returns {() => number} uniform in [0, 1) */
export function createRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * @template T
 * @param {() => number} random
 * @param {readonly T[]} items
 * @returns {T}
 */
export function pick(random, items) {
  return /** @type {T} */ (items[Math.floor(random() * items.length)]);
}

/**
 * Returns a function that draws an index with probability proportional to its weight, in
 * O(log n) per draw (binary search over cumulative weights), which matters for a million draws.
 * @param {readonly number[]} weights
 * @returns {(random: () => number) => number}
 */
export function weightedIndex(weights) {
  const cumulative = new Float64Array(weights.length);
  let total = 0;
  weights.forEach((weight, i) => {
    total += weight;
    cumulative[i] = total;
  });
  return (random) => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid] > target) high = mid;
      else low = mid + 1;
    }
    return low;
  };
}
