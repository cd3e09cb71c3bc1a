import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { regionFilter } from './region-filter.js';
import { stateOfZip, statesIn, zipStateTable } from './zip-states.js';

const codes = createRequire(import.meta.url)('zipcodes').codes as Record<
  string,
  { zip: string; state: string }
>;
const table = zipStateTable(codes);

describe('the zip → state table the command and the browser share', () => {
  it('gives every zip of the zipcodes package its own state, and an unknown zip its prefix’s most common state', () => {
    const stateOf = stateOfZip(table);
    const us = Object.values(codes).filter(({ zip }) => /^\d{5}$/.test(zip));
    for (const { zip, state } of us) expect(stateOf(zip), zip).toBe(state);
    // A Chicago zip the package lacks: the prefix is Illinois'.
    const unknown = Array.from({ length: 100 }, (_, n) => `606${String(n).padStart(2, '0')}`).find(
      (zip) => !codes[zip],
    );
    expect(unknown).toBeDefined();
    expect(stateOf(unknown ?? '')).toBe('IL');
    expect(stateOf('00000')).toBeUndefined();
    expect(statesIn(table)).toEqual(new Set(us.map(({ state }) => state)));
  });

  it('stays small enough for the browser: a few kilobytes of JSON', () => {
    expect(JSON.stringify(table).length).toBeLessThan(16_000);
  });

  it('names the list in its messages as the caller calls it', () => {
    expect(() => regionFilter('IL, ZZ', () => table, 'Only these zips')).toThrow(
      'Only these zips: "ZZ" is not a US state or territory code',
    );
    expect(() => regionFilter(' , ', () => table)).toThrow('--only: empty');
    const chosen = regionFilter('RI, 606, 10001', () => table);
    expect(['02903', '60601', '10001', '10002'].map(chosen)).toEqual([true, true, true, false]);
  });
});
