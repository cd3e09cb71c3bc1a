import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simplifyRing } from './simplify.js';

/** A closed ring around the origin: `count` corners at random distances, in angle order, so it never crosses itself. */
const ringArbitrary = fc
  .array(fc.double({ min: 0.0005, max: 0.02, noNaN: true }), { minLength: 3, maxLength: 200 })
  .map((radii) => {
    const ring = radii.map((r, i) => {
      const angle = (2 * Math.PI * i) / radii.length;
      return [-87.6 + r * Math.cos(angle), 41.9 + r * Math.sin(angle)];
    });
    return [...ring, ring[0] as number[]];
  });
const toleranceArbitrary = fc.double({ min: 0, max: 0.01, noNaN: true });
const X_SCALE = Math.cos((41.9 * Math.PI) / 180);

function distanceToSegment([x = 0, y = 0]: number[], [ax = 0, ay = 0]: number[], [bx = 0, by = 0]: number[]) {
  const dx = (bx - ax) * X_SCALE;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * X_SCALE * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot((x - ax) * X_SCALE - t * dx, y - ay - t * dy);
}

describe('simplifyRing (Douglas–Peucker on a closed ring)', () => {
  it('keeps a closed ring of at least four positions, made of the original vertices in their order', () => {
    fc.assert(
      fc.property(ringArbitrary, toleranceArbitrary, (ring, tolerance) => {
        const simplified = simplifyRing(ring, tolerance, X_SCALE);
        expect(simplified.length).toBeGreaterThanOrEqual(4);
        expect(simplified.at(-1)).toBe(simplified[0]);
        let from = 0;
        for (const point of simplified.slice(0, -1)) {
          const at = ring.indexOf(point, from);
          expect(at).toBeGreaterThanOrEqual(from);
          from = at + 1;
        }
      }),
    );
  });

  it('leaves every dropped vertex within the tolerance of the edge that replaced it', () => {
    fc.assert(
      fc.property(ringArbitrary, toleranceArbitrary, (ring, tolerance) => {
        const simplified = simplifyRing(ring, tolerance, X_SCALE);
        let edge = 0;
        for (const point of ring) {
          if (point === simplified[edge + 1]) edge++;
          const distance = distanceToSegment(
            point,
            simplified[edge] ?? [],
            simplified[edge + 1] ?? simplified[edge] ?? [],
          );
          expect(distance).toBeLessThanOrEqual(tolerance + 1e-12);
        }
      }),
    );
  });

  it('measures the tolerance in degrees of latitude: east–west wobbles count for less', () => {
    // A square 0.01° a side, its west edge bulging 0.0008° of longitude: about 0.0006° of latitude at 41.9°N.
    const ring = [
      [0, 0],
      [0.01, 0],
      [0.01, 0.01],
      [0, 0.01],
      [-0.0008, 0.005],
      [0, 0],
    ].map(([x = 0, y = 0]) => [-87.6 + x, 41.9 + y]);
    expect(simplifyRing(ring, 0.0007, X_SCALE)).toHaveLength(5);
    expect(simplifyRing(ring, 0.0005, X_SCALE)).toHaveLength(6);
  });

  it('simplifies a ring of 200,000 points without running out of stack', () => {
    const count = 200_000;
    const ring = Array.from({ length: count }, (_, i) => {
      const angle = (2 * Math.PI * i) / count;
      return [-87.6 + 0.1 * Math.cos(angle) + (i % 2) * 1e-7, 41.9 + 0.1 * Math.sin(angle)];
    });
    ring.push(ring[0] as number[]);
    const simplified = simplifyRing(ring, 0.0001, X_SCALE);
    expect(simplified.length).toBeGreaterThan(20);
    expect(simplified.length).toBeLessThan(200);
  });

  it('returns a ring with fewer than three corners as it is, for the caller to drop', () => {
    const line = [
      [0, 0],
      [1, 1],
      [0, 0],
    ];
    expect(simplifyRing(line, 0.1, 1)).toBe(line);
  });
});
