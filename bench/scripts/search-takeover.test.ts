import { describe, expect, it } from 'vitest';
import { splitShifts } from './search-takeover.mjs';

describe('splitShifts', () => {
  it('sums the shifts before the pointer as load and from it on as the takeover, input or not', () => {
    const shifts = [
      { value: 0.004, time: 100 },
      { value: 0.002, time: 900 },
      { value: 0.03, time: 1000 },
      { value: 0.001, time: 1500 },
    ];
    const { atLoad, takeover, total } = splitShifts(shifts, 1000);
    expect(atLoad).toBeCloseTo(0.006);
    expect(takeover).toBeCloseTo(0.031);
    expect(total).toBeCloseTo(0.037);
  });

  it('is zero with no shift at all', () => {
    expect(splitShifts([], 10)).toEqual({ atLoad: 0, takeover: 0, total: 0 });
  });
});
