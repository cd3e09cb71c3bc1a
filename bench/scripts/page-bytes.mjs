/**
 * Bytes per page, gzip and brotli, for the budget rows, in each flavour, next to what the original
 * site shipped on every page before any of its own code: jQuery 3.7.1 minified. Bytes are
 * deterministic, so one run each; the budgets themselves are enforced by test/page-budgets.browser.test.ts.
 */
import { readFileSync } from 'node:fs';
import { startMockServer } from '../../mock-server/server.js';
import { openIsolatedPage } from '../lib/browser.mjs';
import { jqueryBaseline } from '../lib/jquery-baseline.mjs';
import { PAGE_ROWS, scriptsOfPage } from '../lib/page-rows.mjs';
import { distPath, readBuiltFiles, totalBytes } from '../lib/page-scripts.mjs';
import { kb, table } from '../lib/stats.mjs';

const { budgets } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

/** Every row's requested files in one flavour, served from its own dist folder. */
async function measureFlavour(browser, distDir) {
  const built = readBuiltFiles(distDir);
  const server = await startMockServer({ port: 0, quiet: true, distDir: distPath(distDir) });
  const contexts = [];
  const open = async (path) => {
    const opened = await openIsolatedPage(browser, server.url);
    contexts.push(opened.context);
    await opened.page.goto(new URL(path, server.url).href, { waitUntil: 'load' });
    return opened;
  };
  try {
    const rows = [];
    for (const row of PAGE_ROWS) rows.push(await scriptsOfPage(row, open, built));
    return rows;
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
    await server.close();
  }
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {{ name: string, dir: string }[]} flavours build folders to compare, the default build first
 * @returns {Promise<{ markdown: string, goals: { name: string, met: boolean, detail: string }[] }>}
 */
export async function benchPageBytes(browser, flavours) {
  const jquery = jqueryBaseline();
  const measured = [];
  for (const { dir } of flavours) measured.push(await measureFlavour(browser, dir));
  const versus = (bytes) => `${((100 * bytes) / jquery.gzip).toFixed(0)}%`;
  const rows = PAGE_ROWS.map((row, i) => [
    row.label,
    row.reportOnly ? 'report only' : kb(budgets[row.key]),
    ...measured.flatMap((flavour) => {
      const files = flavour[i];
      return [`${kb(totalBytes(files))} / ${kb(totalBytes(files, 'brotli'))}`, versus(totalBytes(files))];
    }),
    measured[0][i].length,
  ]);
  const goals = PAGE_ROWS.flatMap((row, i) => {
    if (row.reportOnly) return [];
    const bytes = totalBytes(measured[0][i]);
    // The enforced budget is the goal: the figure the code must not grow past.
    const budget = budgets[row.key];
    return [{ name: `${row.label}: ≤ ${kb(budget)} gzip`, met: bytes <= budget, detail: kb(bytes) }];
  });
  const markdown = [
    '## Bytes per page',
    '',
    'Scripts a page requests in Chromium (dynamic imports included), each file at its gzip (level 9) and brotli',
    '(quality 11) size from the build’s sizes.json, summed per page. Baseline: the original site shipped jQuery',
    `${jquery.version} minified on every page, ${kb(jquery.gzip)} gzip / ${kb(jquery.brotli)} brotli, before any code of`,
    'its own; “of jQuery” is the page’s gzip bytes as a share of that. Each budget is package.json’s (`budgets`),',
    'enforced by the tests and the page’s byte goal in the table above.',
    '',
    table(
      [
        'page',
        'budget (gzip)',
        ...flavours.flatMap((f) => [`${f.name}: gzip / brotli`, 'of jQuery']),
        `files (${flavours[0].name})`,
      ],
      rows,
    ),
  ].join('\n');
  return { markdown, goals };
}
