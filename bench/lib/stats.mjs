/**
 * Summaries and formatting shared by the bench sections, so every table reads the same way:
 * a median with the min–max range beside it, because one run on a 2-core machine proves little.
 */

/** @param {number[]} values @returns {{ median: number, min: number, max: number, runs: number }} */
export function summarize(values) {
  if (values.length === 0) throw new Error('summarize: expected at least one value, got none');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], runs: sorted.length };
}

/** "12.3 ms (11.0–14.2)" for a summary in milliseconds. */
export function ms({ median, min, max }, digits = 1) {
  return `${median.toFixed(digits)} ms (${min.toFixed(digits)}–${max.toFixed(digits)})`;
}

/** Bytes as KB with one decimal: the unit the budgets are stated in (1 KB = 1024 bytes). */
export function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * A Markdown table from a header row and data rows, its columns padded to one width so that the file
 * reads as a table in a terminal too (and is already as a Markdown formatter would write it).
 */
export function table(header, rows) {
  // A pipe or a line break inside a cell (an error message, say) would break the table.
  const cell = (value) =>
    String(value)
      .replace(/\|/g, '\\|')
      .replace(/\s*\n\s*/g, ' ');
  const cells = [header, ...rows].map((row) => row.map(cell));
  const widths = header.map((_, i) => Math.max(3, ...cells.map((row) => row[i]?.length ?? 0)));
  const line = (row) => `| ${widths.map((width, i) => (row[i] ?? '').padEnd(width)).join(' | ')} |`;
  const [head, ...body] = cells;
  return [line(head), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join('\n');
}

/** Runs `once` `times` times in a row (never in parallel: runs would compete for the 2 cores). */
export async function repeat(times, once) {
  const results = [];
  for (let i = 0; i < times; i++) results.push(await once(i));
  return results;
}
