import type { LatLng } from '../donation.ts';

/** Pixels between neighbouring labels on a shared point: about one label's width. */
const SPACING = 16;
/** The golden angle spreads any number of labels evenly round a point without a second pass. */
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

/**
 * Screen offsets that keep markers on one point readable without a clustering library: the first
 * marker of a point stays on it, the others spiral out from it. Markers alone on their point get
 * `[0, 0]`.
 */
export function fanOut(positions: readonly LatLng[]): [number, number][] {
  const seen = new Map<string, number>();
  return positions.map(({ lat, lng }) => {
    const key = `${lat},${lng}`;
    const index = seen.get(key) ?? 0;
    seen.set(key, index + 1);
    if (index === 0) return [0, 0];
    const radius = SPACING * Math.sqrt(index);
    const angle = index * GOLDEN_ANGLE;
    return [Math.round(radius * Math.cos(angle)), Math.round(radius * Math.sin(angle))];
  });
}
