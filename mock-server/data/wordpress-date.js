/**
 * WordPress's 'Y-m-d H:i:s' dates. The mock's site time zone is UTC, so a date means the same
 * instant on every machine the tests run on.
 */

const PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** @param {number} time ms since the epoch */
export function formatWordPressDate(time) {
  return new Date(time).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * @param {unknown} date
 * @returns {number} ms since the epoch, NaN for anything that is not a 'Y-m-d H:i:s' string
 */
export function parseWordPressDate(date) {
  const parts = typeof date === 'string' ? PATTERN.exec(date) : null;
  if (!parts) return Number.NaN;
  const [, y, mo, d, h, mi, s] = parts.map(Number);
  return Date.UTC(y, mo - 1, d, h, mi, s);
}
