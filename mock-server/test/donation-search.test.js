import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateDonations } from '../data/donation-generator.js';
import { buildDonationIndex } from '../data/donation-index.js';
import { indexLookup, scanLookup, searchDonations } from '../data/donation-search.js';
import { createDonationStore } from '../data/donation-store.js';
import { zipTable } from '../data/zip-table.js';
import { NOW } from './helpers.js';

const donations = generateDonations({ count: 20_000, seed: 3, now: NOW });
const index = buildDonationIndex(donations);
const usedZips = [...new Set(donations.map((d) => d.zipcode))];

describe('searchDonations', () => {
  it('finds the same donations through the index as by scanning them all', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(...usedZips),
          fc.integer({ min: 0, max: zipTable.size - 1 }).map((r) => zipTable.zip[r] ?? ''),
        ),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        (zipcode, radiusMiles, days) => {
          const query = { zipcode, radiusMiles, days, now: NOW };
          const fast = searchDonations(index, query, indexLookup);
          const slow = searchDonations(index, query, scanLookup);
          expect(fast?.matches.slice().sort((a, b) => a - b)).toEqual(slow?.matches);
          expect(fast?.countsByZipRow).toEqual(slow?.countsByZipRow);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('returns null for a zip it does not know, including the zips the data places at 0,0', () => {
    for (const zipcode of ['00000', '1234', '', 'abcde']) {
      expect(searchDonations(index, { zipcode, radiusMiles: 15, days: 30, now: NOW })).toBeNull();
    }
  });

  it('spreads the demo data over several metros and the last 120 days', () => {
    const states = new Set(donations.map((d) => zipTable.state[zipTable.rowOf(d.zipcode)]));
    expect(states.size).toBeGreaterThanOrEqual(8);
    const days = donations.map((d) => (NOW - Date.parse(`${d.date.replace(' ', 'T')}Z`)) / 86_400_000);
    expect(Math.min(...days)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...days)).toBeLessThanOrEqual(121);
    expect(Math.max(...days)).toBeGreaterThan(115);
  });

  it('makes the same data from the same seed and clock', () => {
    expect(generateDonations({ count: 50, seed: 3, now: NOW })).toEqual(
      generateDonations({ count: 50, seed: 3, now: NOW }),
    );
    expect(generateDonations({ count: 50, seed: 4, now: NOW })).not.toEqual(
      generateDonations({ count: 50, seed: 3, now: NOW }),
    );
  });
});

describe('buildDonationIndex', () => {
  it('leaves out records that can never match, whatever a client stored', () => {
    const records = [
      null,
      42,
      'text',
      {},
      { zipcode: 10001, date: '2025-06-01 10:00:00' },
      { zipcode: '10001', date: 'soon' },
      { zipcode: '10001', date: '2025-06-01 10:00:00' },
    ];
    const built = buildDonationIndex(records);
    expect(Array.from(built.byZip)).toEqual([6]);
  });
});

describe('createDonationStore', () => {
  it('rebuilds the index after a change, and only then', () => {
    const records = [{ zipcode: '10001', date: '2025-06-01 10:00:00' }];
    const store = createDonationStore(() => records);
    const first = store.current();
    expect(store.current()).toBe(first);
    records.push({ zipcode: '10002', date: '2025-06-01 11:00:00' });
    const second = store.current();
    expect(second).not.toBe(first);
    expect(second.byZip).toHaveLength(2);
    records[0] = { zipcode: '10003', date: '2025-06-01 12:00:00' };
    expect(store.current()).toBe(second);
    store.markChanged();
    expect(store.current().zipRow[0]).toBe(zipTable.rowOf('10003'));
  });
});
