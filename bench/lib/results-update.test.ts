import { updateResults, withSectionPlaces } from './results-update.mjs';
import { table } from './stats.mjs';

const goals = (rows: string[][]) => `## Goals\n\n${table(['goal', 'result', ''], rows)}\n\n`;
const REPORT = [
  '# Benchmark results\n\nWritten by `npm run bench` on 2026-11-25.\nMachine: two cores.\n\n',
  goals([
    ['no island: ≤ 1.8 KB gzip', '2.0 KB', '**missed**'],
    ['first search: ≤ 50 ms', '6 ms', 'met'],
  ]),
  '## Bytes per page\n\nold bytes\n\n',
  '## The first search on a slow network\n\nold timings\n',
].join('');

describe('updating the byte sections of the results', () => {
  it('replaces the sections and goal rows it was given, keeps the others, and notes the update once', () => {
    const once = updateResults(
      REPORT,
      ['## Bytes per page\n\nnew bytes\n'],
      [{ name: 'no island: ≤ 1.8 KB gzip', met: true, detail: '1.7 KB' }],
      '**Updated by `node bench/scripts/run.mjs --only=bytes` on 2026-11-26.**',
    );
    expect(once).toBe(
      [
        '# Benchmark results\n\nWritten by `npm run bench` on 2026-11-25.\nMachine: two cores.\n\n',
        '**Updated by `node bench/scripts/run.mjs --only=bytes` on 2026-11-26.**\n\n',
        goals([
          ['no island: ≤ 1.8 KB gzip', '1.7 KB', 'met'],
          ['first search: ≤ 50 ms', '6 ms', 'met'],
        ]),
        '## Bytes per page\n\nnew bytes\n\n',
        '## The first search on a slow network\n\nold timings\n',
      ].join(''),
    );
    const twice = updateResults(
      once,
      [],
      [],
      '**Updated by `node bench/scripts/run.mjs --only=bytes` later.**',
    );
    expect(twice.match(/\*\*Updated by/g)).toHaveLength(1);
    expect(twice).toContain('later.');
  });

  it("keeps another command's note: the sections it updated are still its own", () => {
    const bytes = '**Updated by `node bench/scripts/run.mjs --only=bytes` on 2026-11-26.**';
    const search = '**Updated by `node bench/scripts/run.mjs --only=first-search` on 2026-11-27.**';
    const both = updateResults(updateResults(REPORT, [], [], bytes), [], [], search);
    expect(both).toContain(`${search}\n\n${bytes}\n\n## Goals`);
    const again = updateResults(both, [], [], search.replace('27', '28'));
    expect(again.match(/\*\*Updated by/g)).toHaveLength(2);
    expect(again).toContain('2026-11-28');
  });

  it('refuses a section or a goal the report does not have, rather than drop it', () => {
    expect(() => updateResults(REPORT, ['## Lighthouse\n\nx\n'], [], 'note')).toThrow(/Lighthouse/);
    expect(() => updateResults(REPORT, [], [{ name: 'new goal', met: true, detail: '1' }], 'note')).toThrow(
      /new goal/,
    );
  });
});

describe('making room for a section added since the last full run', () => {
  it('adds an empty section and empty goal rows where the results have none, and nothing where they do', () => {
    const goal = { name: 'first search of a zip at 1,500 donations: median of 8 ≤ 60 ms' };
    const made = withSectionPlaces(REPORT, '## The donors search on a growing site', [goal]);
    expect(made).toContain(`| ${goal.name} | | |`);
    expect(made.endsWith('old timings\n\n## The donors search on a growing site\n')).toBe(true);
    expect(withSectionPlaces(made, '## The donors search on a growing site', [goal])).toBe(made);
  });
});
