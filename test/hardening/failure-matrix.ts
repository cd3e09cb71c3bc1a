/**
 * Writes test/hardening/FAILURE-MATRIX.md from a run of failures.browser.test.ts: one line per row of
 * failure-cases.ts with what the test checked and, per engine, whether it passed on this run. Written
 * only when every row ran in every engine this machine has, so a filtered run (`-t`) never leaves a
 * partial matrix behind.
 */
import { writeFileSync } from 'node:fs';
import type { EngineName } from '../engines/engine-page.ts';
import { missingFor } from '../engines/launch.ts';
import { ENGINES } from '../engines/suite.ts';
import type { FailureCase } from './failure-cases.ts';

export type RowResult = 'passed' | 'failed';

const MATRIX = new URL('./FAILURE-MATRIX.md', import.meta.url);

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

export function writeFailureMatrix(
  rows: readonly FailureCase[],
  results: ReadonlyMap<string, ReadonlyMap<EngineName, RowResult>>,
) {
  const here = ENGINES.filter((engine) => !missingFor(engine));
  if (rows.some((row) => here.some((engine) => !results.get(row.name)?.has(engine)))) return;
  const verdict = (row: FailureCase, engine: EngineName) => {
    const result = results.get(row.name)?.get(engine);
    return result === 'passed' ? '✅' : result === 'failed' ? '❌' : 'not installed';
  };
  const passed = rows.filter((row) => here.every((engine) => verdict(row, engine) === '✅')).length;
  const lines = [
    '# Failure matrix',
    '',
    '<!-- Written by test/hardening/failures.browser.test.ts each time it runs in full; do not edit. -->',
    '',
    'Every way a donors search can fail, as `test/hardening/failures.browser.test.ts` runs it on the home',
    'page (`/`, every island but the conversion tracker) in Chromium, Firefox and WebKit, against the mock',
    'server’s fault switches (mock-server/README.md). The rows are `test/hardening/failure-cases.ts`; what',
    'each failure must end with is in [docs/how-it-works.md](../../docs/how-it-works.md#when-a-search-fails).',
    '',
    'For every row the test checks, once the search has ended: the status area shows the text below,',
    'exactly; Search and every other submit button on the page have their own label and state back (the',
    'submit lock was released); no uncaught exception, console warning or CSP violation; no island error in',
    'the console except the ones counted below; and the priority alert still opens its note.',
    '',
    `**Last run: ${passed} of ${rows.length} rows passed in every engine (${here.map((engine) => ENGINE_TITLES[engine]).join(', ')}).**`,
    '',
    `| # | failure | produced by | the status area shows | results | island errors | ${ENGINES.map((engine) => ENGINE_TITLES[engine]).join(' | ')} |`,
    `| --- | --- | --- | --- | --- | --- | ${ENGINES.map(() => '---').join(' | ')} |`,
    ...rows.map(
      (row, i) =>
        `| ${i + 1} | ${row.name.replaceAll('|', '\\|')} | ${producedBy(row)} | ${shown(row)} | ` +
        `${row.results ? 'yes' : 'no'} | ${row.reports ?? 0} | ${ENGINES.map((engine) => verdict(row, engine)).join(' | ')} |`,
    ),
    '',
  ];
  writeFileSync(MATRIX, lines.join('\n'));
}
