/**
 * Writes test/hardening/FAILURE-MATRIX.md from a run of failures.browser.test.ts: one line per row of
 * failure-cases.ts with what the test checked and whether it passed on this run. Written only when
 * every row ran, so a filtered run (`-t`) never leaves a partial matrix behind.
 */
import { writeFileSync } from 'node:fs';
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

export function writeFailureMatrix(rows: readonly FailureCase[], results: ReadonlyMap<string, RowResult>) {
  if (rows.some((row) => !results.has(row.name))) return;
  const passed = rows.filter((row) => results.get(row.name) === 'passed').length;
  const lines = [
    '# Failure matrix',
    '',
    '<!-- Written by test/hardening/failures.browser.test.ts each time it runs in full; do not edit. -->',
    '',
    'Every way a donors search can fail, as `test/hardening/failures.browser.test.ts` runs it on the home',
    'page (`/`, every island but the conversion tracker) in Chromium, against the mock server’s fault',
    'switches (mock-server/README.md). The rows are `test/hardening/failure-cases.ts`; what each failure',
    'must end with is in [docs/how-it-works.md](../../docs/how-it-works.md#when-a-search-fails).',
    '',
    'For every row the test checks, once the search has ended: the status area shows the text below,',
    'exactly; Search and every other submit button on the page have their own label and state back (the',
    'submit lock was released); no uncaught exception; no island error in the console except the ones',
    'counted below; and the priority alert still opens its note.',
    '',
    `**Last run: ${passed} of ${rows.length} rows passed.**`,
    '',
    '| # | failure | produced by | the status area shows | results | island errors | last run |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (row, i) =>
        `| ${i + 1} | ${row.name.replaceAll('|', '\\|')} | ${producedBy(row)} | ${shown(row)} | ` +
        `${row.results ? 'yes' : 'no'} | ${row.reports ?? 0} | ${results.get(row.name) === 'passed' ? '✅' : '❌'} |`,
    ),
    '',
  ];
  writeFileSync(MATRIX, lines.join('\n'));
}
