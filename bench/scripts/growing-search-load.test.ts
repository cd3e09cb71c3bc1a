import { computedTwice } from './growing-search-load.mjs';

const miss = (zip: string, start: number, end: number) => ({ zip, start, end, cache: 'miss' });

describe('counting an answer computed twice at once under the load', () => {
  it('counts two misses of one zip that overlapped', () => {
    expect(computedTwice([miss('60601', 0, 100), miss('60601', 50, 150)], [])).toBe(1);
  });

  it('leaves out misses of other zips, misses one after another, and a wait or hit beside a miss', () => {
    const records = [
      miss('60601', 0, 100),
      miss('60602', 10, 90),
      miss('60601', 100, 200),
      { zip: '60601', start: 120, end: 180, cache: 'wait' },
      { zip: '60601', start: 130, end: 140, cache: 'hit' },
    ];
    expect(computedTwice(records, [])).toBe(0);
  });

  it('leaves out a miss begun after a donation filed during the other, which could not use its answer', () => {
    expect(computedTwice([miss('60601', 0, 100), miss('60601', 50, 150)], [{ at: 30 }])).toBe(0);
    expect(computedTwice([miss('60601', 0, 100), miss('60601', 50, 150)], [{ at: 60 }])).toBe(1);
  });
});
