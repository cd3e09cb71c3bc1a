/**
 * The failure matrix in Markdown: one line per row of failure-cases.ts with how the failure is produced
 * and what the search must end with. Without a run it is test/hardening/FAILURE-MATRIX.md, which
 * failure-matrix.test.ts holds to failure-cases.ts; with a run of failures.browser.test.ts it adds a
 * column per engine with that run's verdict, which the test writes to test-results/ (ignored by git).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { EngineName } from '../engines/engine-page.ts';
import { missingFor } from '../engines/launch.ts';
import { ENGINES } from '../engines/suite.ts';
import type { FailureCase } from './failure-cases.ts';

export type RowResult = 'passed' | 'failed';
type RunResults = ReadonlyMap<string, ReadonlyMap<EngineName, RowResult>>;

const RUN_REPORT = new URL('../../test-results/failure-matrix.md', import.meta.url);

const code = (text: string) => `\`${text.replaceAll('|', '\\|')}\``;

/** How a row's failure is produced, from its fault switch, zip, config and setup. */
function producedBy(row: FailureCase): string {
  const parts = [
    row.fault && `fault ${code(row.fault)}`,
    row.zip && `zip ${code(row.zip)}`,
    row.config && `config ${code(JSON.stringify(row.config))}`,
    row.how,
  ];
  return parts.filter(Boolean).join(', ') || 'the demo data';
}

const shown = (row: FailureCase) =>
  row.status.length === 0 ? 'nothing: results' : row.status.map(code).join('<br>');

const ENGINE_TITLES: Record<EngineName, string> = {
  chromium: 'Chromium',
  firefox: 'Firefox',
  webkit: 'WebKit',
};

const INTRO = [
  'Every way a donors search can fail, as `test/hardening/failures.browser.test.ts` runs it on the home',
  'page (`/`, every island but the conversion tracker) in Chromium, Firefox and WebKit, against the mock',
  'server’s fault switches (mock-server/README.md). The rows are `test/hardening/failure-cases.ts`; what',
  'each failure must end with is in [docs/how-it-works.md](../../docs/how-it-works.md#when-a-search-fails).',
  '',
  'For every row the test checks, once the search has ended: the status area shows the text below,',
  'exactly; Search and every other submit button on the page have their own label and state back (the',
  'submit lock was released); no uncaught exception, console warning or CSP violation; no island error in',
  'the console except the ones counted below; and the priority alert still opens its note.',
];

/**
 * The matrix; with `run`, the verdict of each row in each engine (`here` being the engines this machine
 * has) and a line counting the rows that passed everywhere.
 */
export function failureMatrix(
  rows: readonly FailureCase[],
  run?: { results: RunResults; here: readonly EngineName[] },
): string {
  const verdict = (row: FailureCase, engine: EngineName) => {
    const result = run?.results.get(row.name)?.get(engine);
    return result === 'passed' ? '✅' : result === 'failed' ? '❌' : 'not installed';
  };
  const engines = run ? ENGINES : [];
  const passed = rows.filter((row) => run?.here.every((engine) => verdict(row, engine) === '✅')).length;
  return [
    '# Failure matrix',
    '',
    run
      ? '<!-- Written by test/hardening/failures.browser.test.ts on its last full run. -->'
      : '<!-- Generated from test/hardening/failure-cases.ts; test/hardening/failure-matrix.test.ts fails when it is stale, and `npx vitest run --project node test/hardening/failure-matrix.test.ts -u` writes it again. -->',
    '',
    ...INTRO,
    '',
    run
      ? `**This run: ${passed} of ${rows.length} rows passed in every engine (${run.here.map((engine) => ENGINE_TITLES[engine]).join(', ')}).**`
      : 'Each full run of the failure tests writes this table with a column per engine, that run’s verdict, to `test-results/failure-matrix.md`.',
    '',
    `| # | failure | produced by | the status area shows | results | island errors |${engines.map((engine) => ` ${ENGINE_TITLES[engine]} |`).join('')}`,
    `| --- | --- | --- | --- | --- | --- |${engines.map(() => ' --- |').join('')}`,
    ...rows.map(
      (row, i) =>
        `| ${i + 1} | ${row.name.replaceAll('|', '\\|')} | ${producedBy(row)} | ${shown(row)} | ` +
        `${row.results ? 'yes' : 'no'} | ${row.reports ?? 0} |${engines.map((engine) => ` ${verdict(row, engine)} |`).join('')}`,
    ),
    '',
  ].join('\n');
}

/**
 * Writes a run's matrix to test-results/failure-matrix.md, only when every row ran in every engine this
 * machine has, so a filtered run (`-t`) never leaves a partial matrix behind.
 */
export function writeFailureRun(rows: readonly FailureCase[], results: RunResults): void {
  const here = ENGINES.filter((engine) => !missingFor(engine));
  if (rows.some((row) => here.some((engine) => !results.get(row.name)?.has(engine)))) return;
  mkdirSync(new URL('.', RUN_REPORT), { recursive: true });
  writeFileSync(RUN_REPORT, failureMatrix(rows, { results, here }));
}
