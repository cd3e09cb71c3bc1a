/**
 * "Use my location" after the position: what finding its zip code costs a visitor. The build's zip code
 * files (tools/zip-centroids.mjs) written to a scratch folder; for positions among towns (near a random
 * centroid, where visitors are), the one file the lookup downloads, its gzip bytes (a web server's usual
 * level) and the time to read it as the island does (JSON.parse, decodeCell, nearestZip), in Node on this
 * machine. The download time is worked out for a slow phone (first-search.mjs's throttle), not measured.
 *   node bench/scripts/zip-lookup.mjs   (rewrites its section of bench/results/RESULTS.md)
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { writeZipCentroids, zipCentroids } from '../../tools/zip-centroids.mjs';
import { cellOf, decodeCell, nearestZip } from '../../widgets/donors-search/locate/zip-cells.js';
import { updateResults } from '../lib/results-update.mjs';
import { kb, table } from '../lib/stats.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const HEADING = '## "Use my location": the zip code file a lookup reads';
/** A slow phone, as the first search's section throttles it: 150 ms a round trip, 1.6 Mbit/s down. */
const SLOW_PHONE = { latency: 150, bytesPerMs: (1.6 * 1024 * 1024) / 8 / 1000 };
const POSITIONS = 2000;
const READS = 5;

/** The value at fraction `q` of sorted `values`. */
const quantile = (values, q) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? 0;

/** Measures the files the build writes now; returns the section's Markdown. */
export function benchZipLookup() {
  const outdir = mkdtempSync(path.join(tmpdir(), 'zip-lookup-'));
  try {
    const written = writeZipCentroids(outdir);
    const folder = path.join(outdir, written.index.folder);
    const cells = written.index.cells.split(',');
    const texts = new Map(
      cells.map((cell) => [cell, readFileSync(path.join(folder, `${cell}.json`), 'utf8')]),
    );
    const gzip = new Map([...texts].map(([cell, text]) => [cell, gzipSync(text, { level: 6 }).length]));
    const raw = cells.map((cell) => statSync(path.join(folder, `${cell}.json`)).size);
    const all = zipCentroids();
    let seed = 11;
    const next = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    // The reading code warmed up first, as it is once a page has run a while.
    for (const text of [...texts.values()].slice(0, 50))
      nearestZip(decodeCell(JSON.parse(text)) ?? [], all[0] ?? { lat: 0, lng: 0 });
    const bytes = [];
    const times = [];
    for (let i = 0; i < POSITIONS; i++) {
      const town = all[Math.floor(next() * all.length)] ?? { lat: 0, lng: 0 };
      const position = { lat: town.lat + (next() - 0.5) / 10, lng: town.lng + (next() - 0.5) / 10 };
      const text = texts.get(cellOf(position.lat, position.lng));
      if (text === undefined) continue;
      bytes.push(gzip.get(cellOf(position.lat, position.lng)) ?? 0);
      const reads = [];
      for (let read = 0; read < READS; read++) {
        const start = performance.now();
        nearestZip(decodeCell(JSON.parse(text)) ?? [], position);
        reads.push(performance.now() - start);
      }
      times.push(quantile(reads, 0.5));
    }
    const download = (size) => `${Math.round(SLOW_PHONE.latency + size / SLOW_PHONE.bytesPerMs)} ms`;
    const row = (label, q) => [
      label,
      kb(quantile(bytes, q)),
      download(quantile(bytes, q)),
      `${quantile(times, q).toFixed(2)} ms`,
    ];
    return `${HEADING}

The build's zip code files: ${cells.length} files, ${kb(raw.reduce((a, b) => a + b, 0))} in all
(${kb(raw.reduce((a, b) => a + Math.ceil(b / 4096) * 4096, 0))} on a disk of 4 KB blocks), ${kb([...gzip.values()].reduce((a, b) => a + b, 0))} gzip.
A lookup downloads one of them. ${bytes.length} positions among towns (within 0.05° of a random centroid);
*read* is the median of ${READS} reads of the file as the island reads it (JSON.parse, decodeCell, nearestZip)
in Node ${process.version} on this machine; *slow phone* is one round trip and the gzip bytes at 1.6 Mbit/s, worked out.

${table(
  ['lookups', 'file, gzip', 'slow phone', 'read'],
  [row('median', 0.5), row('90th percentile', 0.9), row('largest', 1)],
)}`;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const markdown = benchZipLookup();
  const results = path.join(root, 'bench/results/RESULTS.md');
  const report = readFileSync(results, 'utf8');
  const note = `**Updated by \`node bench/scripts/zip-lookup.mjs\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC:** the zip code file a lookup reads. Every other section is from the run above.`;
  const withSection = report.includes(`${HEADING}\n`)
    ? report
    : report.replace(/^## Load test/m, `${HEADING}\n\n$&`);
  writeFileSync(results, updateResults(withSection, [markdown], [], note));
  process.stdout.write(`${markdown}\n`);
}
