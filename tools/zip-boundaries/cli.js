#!/usr/bin/env node
/**
 * `npm run boundaries -- <input> <outdir> [options]`: see USAGE, and docs/developing.md, "Zip boundary files with the command".
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SET_DEFAULTS } from './boundary-set.js';
import { InputError } from './input-error.js';
import { METRES_PER_DEGREE, makeBoundaryFiles } from './make-boundary-files.js';
import { progressReporter } from './progress.js';
import { regionFilter } from './region.js';

const USAGE = `Usage: npm run boundaries -- <input> <outdir> [options]

Turns the US Census ZCTA boundary file into one small KML file per zip code, zip{ZIP}.kml, and
beside them one TopoJSON bundle per area (zips{first 3 digits}.json) with an index (zips.json):
the files the donors search's map reads from boundaryBaseUrl. Neighbouring zips share their
simplified borders exactly: no gaps, no overlaps.

  <input>   the Census download as it comes (cb_2020_us_zcta520_500k.zip), its .shp
            (with the .dbf beside it), or GeoJSON (.geojson, .json, .geojsonl)
  <outdir>  the folder for the files, made if missing, e.g. zipcodes

Options:
  --only LIST       only these zips: codes, prefixes and state codes, e.g. --only 60601,606,IL
  --field NAME      the attribute holding the zip code (found by itself: ZCTA5CE20, ZCTA5CE10, GEOID20…)
  --tolerance DIST  how far a simplified outline may stray: metres (11m), kilometres (0.5km)
                    or degrees of latitude (0.0001); default 11m, 0 keeps every corner
  --precision N     decimals kept in each coordinate, 3 to 8 (default 5, about 1 m)
  --min-area M2     islands (parts touching no other zip) under this many square metres are
                    dropped (default 10000, one hectare; 0 keeps all)
  --quiet           no progress on stderr
  -h, --help        this text
`;

/** @type {Record<string, { type: 'string' | 'boolean', short?: string }>} */
const OPTIONS = {
  only: { type: 'string' },
  field: { type: 'string' },
  tolerance: { type: 'string' },
  precision: { type: 'string' },
  'min-area': { type: 'string' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

/**
 * @param {string} name
 * @param {string | undefined} text
 * @param {number} fallback
 * @param {(value: number) => boolean} valid
 * @param {string} expected
 */
function numberOption(name, text, fallback, valid, expected) {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (text.trim() === '' || !valid(value)) throw new InputError(`--${name}: "${text}" is not ${expected}`);
  return value;
}

/**
 * A distance in metres from `11m`, `0.5km`, or a bare number of degrees of latitude (the unit the
 * option had first).
 * @param {string | undefined} text
 */
function toleranceOption(text) {
  if (text === undefined) return SET_DEFAULTS.tolerance;
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(m|km)?\s*$/i.exec(text);
  const value = Number(match?.[1]);
  const unit = match?.[2]?.toLowerCase();
  const metres = unit === 'km' ? value * 1000 : unit === 'm' ? value : value * METRES_PER_DEGREE;
  if (!match || !(metres < 100_000) || (!unit && value >= 1))
    throw new InputError(
      `--tolerance: "${text}" is not a distance: metres (11m), kilometres (0.5km) or degrees from 0 to 1`,
    );
  return metres;
}

/** @param {string[]} argv */
async function main(argv) {
  const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (positionals.length !== 2) {
    process.stderr.write(
      `zip-boundaries: expected <input> and <outdir>, got ${positionals.length} arguments\n\n${USAGE}`,
    );
    return 2;
  }
  const [input = '', outDir = ''] = positionals;
  const tolerance = toleranceOption(/** @type {string | undefined} */ (values.tolerance));
  const precision = numberOption(
    'precision',
    /** @type {string | undefined} */ (values.precision),
    SET_DEFAULTS.precision,
    (v) => Number.isInteger(v) && v >= 3 && v <= 8,
    'a whole number from 3 to 8',
  );
  const minArea = numberOption(
    'min-area',
    /** @type {string | undefined} */ (values['min-area']),
    SET_DEFAULTS.minArea,
    (v) => v >= 0 && Number.isFinite(v),
    'a number of square metres, 0 or more',
  );
  const only = typeof values.only === 'string' ? regionFilter(values.only) : undefined;
  const progress = values.quiet ? undefined : progressReporter(process.stderr);
  let summary;
  try {
    summary = await makeBoundaryFiles({
      input,
      outDir,
      field: /** @type {string | undefined} */ (values.field),
      only,
      tolerance,
      precision,
      minArea,
      progress,
    });
  } finally {
    progress?.finish();
  }
  process.stdout.write(report(summary, outDir));
  return summary.written > 0 ? 0 : 1;
}

/**
 * @param {import('./make-boundary-files.js').BoundarySummary} summary
 * @param {string} outDir
 */
function report(summary, outDir) {
  const count = (/** @type {number} */ n, /** @type {string} */ noun) =>
    `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
  const kb = (/** @type {number} */ bytes) =>
    bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const notes = [];
  if (summary.filteredOut > 0) notes.push(`${count(summary.filteredOut, 'zip')} left out by --only`);
  if (summary.empty.length > 0)
    notes.push(
      `${count(summary.empty.length, 'zip')} without a shape (${summary.empty.slice(0, 10).join(', ')}${summary.empty.length > 10 ? '…' : ''})`,
    );
  const lines = [
    `Wrote ${count(summary.written, 'KML file')} and ${count(summary.bundles, 'area bundle')} to ${path.resolve(outDir)} from ${count(summary.read, 'record')} (zip codes from ${summary.field})${notes.length ? `; ${notes.join(', ')}` : ''}.`,
  ];
  const { sizes, largest } = summary;
  if (sizes.length > 0 && largest) {
    const at = (/** @type {number} */ share) =>
      /** @type {number} */ (sizes[Math.min(sizes.length - 1, Math.floor(share * sizes.length))]);
    const total = sizes.reduce((sum, bytes) => sum + bytes, 0);
    lines.push(
      `KML sizes: median ${kb(at(0.5))}, 95% under ${kb(at(0.95))}, largest ${kb(largest.bytes)} (zip ${largest.zip}); ${kb(total)} in all. Bundles: ${kb(summary.bundleBytes)} in all.`,
    );
  } else {
    lines.push('No files written: check --only, or that the file is the ZCTA boundary file.');
  }
  return `${lines.join('\n')}\n`;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    if (
      error instanceof InputError ||
      /** @type {{ code?: string }} */ (error)?.code?.startsWith('ERR_PARSE_ARGS')
    ) {
      process.stderr.write(`zip-boundaries: ${error.message}\n`);
      process.exitCode = error instanceof InputError ? 1 : 2;
      return;
    }
    throw error;
  },
);
