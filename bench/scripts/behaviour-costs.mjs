/**
 * What each behaviour island adds to the page that carries all five: the shared chunk bundled from the
 * islands' sources with esbuild as build.mjs bundles it (minified, split, ES modules), once with all five
 * and once with each one left out, at gzip level 9 as sizes.json counts. The difference is that island's
 * code and whatever only it uses. The loader every page downloads is counted apart: it is the floor of
 * any page.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { ISLANDS } from '../../widgets/islands.js';
import { BEHAVIOUR_ISLANDS } from '../lib/page-rows.mjs';
import { distPath, readBuiltFiles, totalBytes } from '../lib/page-scripts.mjs';
import { kb, table } from '../lib/stats.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const gzip = (contents) => gzipSync(contents, { level: 9 }).length;

/**
 * The gzip bytes a page downloads for a chunk of `islands`: the entry and the chunks it imports
 * statically (not the analytics validator, which only pages that configure analytics download).
 * @param {string[]} islands
 */
async function chunkCost(islands) {
  const entry = ISLANDS.filter((island) => islands.includes(island.name))
    .map((island) => `export { mount as ${JSON.stringify(island.name)} } from './${island.module}';`)
    .join('\n');
  const { outputFiles, metafile } = await esbuild.build({
    absWorkingDir: root,
    stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'behaviour-islands.ts' },
    bundle: true,
    format: 'esm',
    minify: true,
    splitting: true,
    outdir: 'bench/.cache/behaviour-costs',
    write: false,
    metafile: true,
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const byPath = new Map(outputFiles.map((file) => [file.path, file.contents]));
  const [entryFile, output] = Object.entries(metafile.outputs).find(([, o]) => o.entryPoint);
  const files = [
    entryFile,
    ...output.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path),
  ];
  return files.reduce((sum, file) => sum + gzip(byPath.get(`${root}${file}`)), 0);
}

/**
 * The loader's minified bytes per source file (before gzip, which cannot be split by file), largest
 * first, from the build's metafile.
 * @param {string} distDir
 * @returns {{ source: string, bytes: number }[]}
 */
function loaderSources(distDir) {
  const { outputs } = JSON.parse(readFileSync(`${distPath(distDir)}meta.json`, 'utf8'));
  const loader = Object.entries(outputs).find(([file]) => file.endsWith('donation-widgets.js'));
  if (!loader) throw new Error(`${distDir}/meta.json has no donation-widgets.js`);
  return Object.entries(loader[1].inputs)
    .map(([source, { bytesInOutput }]) => ({ source, bytes: bytesInOutput }))
    .filter((input) => input.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
}

const baseline = JSON.parse(
  readFileSync(new URL('../results/loader-baseline.json', import.meta.url), 'utf8'),
);

/** Each source of the loader now or before, with its bytes then and now, largest now first. */
function loaderRows(now) {
  const gone = Object.keys(baseline.sources).filter((source) => !now.some((n) => n.source === source));
  return [
    ...now.map(({ source, bytes }) => [source, baseline.sources[source] ?? 0, bytes]),
    ...gone.map((source) => [source, baseline.sources[source], 0]),
  ].map(([source, before, bytes]) => [
    `\`${source}\``,
    before ? `${before} bytes` : '—',
    bytes ? `${bytes} bytes` : 'moved out',
  ]);
}

/**
 * @param {string} distDir the build to read, relative to the repository root
 * @param {number} budget the page's budget in gzip bytes (package.json `budgets.behaviourIslands`)
 * @param {number} loaderBudget the loader's (`budgets.loader`)
 * @returns {Promise<string>} the Markdown section
 */
export async function benchBehaviourCosts(distDir, budget, loaderBudget) {
  const built = readBuiltFiles(distDir);
  const loader = built.find((f) => f.file === 'donation-widgets.js');
  // The page's two chunks: the submit lock's (for its forms) and the other four's.
  const chunks = built.filter((f) => /^chunks\/(behaviour-islands|submit-lock)-/.test(f.file));
  if (!loader || chunks.length !== 2)
    throw new Error(`${distDir}: no loader, behaviour-islands or submit-lock chunk in sizes.json`);
  const builtChunks = totalBytes(
    built.filter((f) => chunks.includes(f) || chunks.some((c) => c.imports.includes(f.file.slice(7)))),
  );
  const all = await chunkCost(BEHAVIOUR_ISLANDS);
  const rows = [];
  for (const island of BEHAVIOUR_ISLANDS) {
    const without = await chunkCost(BEHAVIOUR_ISLANDS.filter((name) => name !== island));
    rows.push({ island, adds: all - without, alone: await chunkCost([island]) });
  }
  rows.sort((a, b) => b.adds - a.adds);
  const page = loader.gzip + builtChunks;
  const over = page - budget;
  // The fewest islands (largest first) whose code alone is as much as the page is over its budget.
  let dropped = 0;
  const wouldGo = [];
  for (const row of rows) {
    if (dropped >= over) break;
    dropped += row.adds;
    wouldGo.push(row.island);
  }
  const verdict =
    over <= 0
      ? `The page is ${-over} bytes under its ${kb(budget)} budget.`
      : `The page is ${over} bytes over its ${kb(budget)} budget. The loader alone is ${kb(loader.gzip)} of it, ` +
        `which leaves ${kb(budget - loader.gzip)} for five islands whose code takes ${kb(all)}: meeting the budget by ` +
        `cutting code means leaving out as much as ${wouldGo.map((name) => `\`${name}\``).join(' and ')} ` +
        `add${wouldGo.length === 1 ? 's' : ''} (${dropped} bytes), or that much behaviour from all five. ` +
        'The budget stays as a stop against growth.';
  return [
    '## The behaviour islands: where the bytes go',
    '',
    'The page with all five behaviour islands downloads the loader, the `behaviour-islands` chunk and the',
    "submit lock's (with the small chunks they import). Each island set below is bundled from the sources",
    'into one chunk: *adds* is what the page loses when that island is left out, *alone* a chunk holding',
    `that island only. The five bundled together come to ${all} bytes; the two built chunks, with what they`,
    `import, to ${builtChunks}: the price of a page with a form but no other behaviour island downloading the`,
    'submit lock alone.',
    '',
    table(
      ['', 'gzip'],
      [
        ['loader (every page)', kb(loader.gzip)],
        ['behaviour islands, all five (built chunks)', kb(builtChunks)],
        ['**page**', `**${kb(page)}**`],
      ],
    ),
    '',
    table(
      ['island', 'adds', 'alone'],
      rows.map((r) => [`\`${r.island}\``, `${r.adds} bytes`, `${r.alone} bytes`]),
    ),
    '',
    verdict,
    '',
    `The loader, ${loader.gzip} bytes gzip against a ${kb(loaderBudget)} budget${loader.gzip > loaderBudget ? ` (${loader.gzip - loaderBudget} bytes over)` : ''} (before the chunks were rebuilt around`,
    `what a page uses: ${baseline.gzip} bytes), by source file (minified bytes before gzip;`,
    '`<define:__ISLANDS__>` is the island list build.mjs writes into it, `<define:__STRATEGIES__>` the files',
    'of the strategies that are chunks of their own). *Before* is bench/results/loader-baseline.json:',
    '',
    table(['source', 'before', 'now'], loaderRows(loaderSources(distDir))),
  ].join('\n');
}
