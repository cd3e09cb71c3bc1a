// @ts-check
/**
 * WordPress's dates the site's way: a date as the donations route sends it (`2026-11-03 14:05:00`, the
 * site's own clock) written with a PHP date format (Settings → General, `F j, Y` and `g:i a` by
 * default) in the site's language, as WordPress's `date_i18n()` writes it. Plain JavaScript, so the
 * island and the demo server (which prints the first page of results) write the same text.
 */

const WORDPRESS_DATE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a route date names, on a UTC clock (the site's wall clock as it is: no time zone is
 * applied, so no daylight-saving change can move it), or undefined for any other text.
 * @param {string} value
 * @returns {Date | undefined}
 */
export function wordpressDate(value) {
  const match = WORDPRESS_DATE.exec(value.trim());
  if (!match) return undefined;
  // A date without seconds (`2026-11-03 14:05`) is at the minute's start.
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second));
  // 2026-02-31 rolls over into March: it is no date.
  return date.getUTCMonth() === (month ?? 1) - 1 && date.getUTCDate() === day ? date : undefined;
}

/** `2026-11-03T14:05:00`, for `<time datetime>`. @param {Date} date */
export const machineDate = (date) => date.toISOString().slice(0, 19);

/** A BCP 47 tag for WordPress's locale (`de_DE` → `de-DE`); English when it names no language. @param {string} locale */
export function languageTag(locale) {
  const tag = locale.replaceAll('_', '-');
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

/** Month and weekday names per locale and width: a table's page writes hundreds of dates. */
const NAMES = new Map();

const pad = (/** @type {number} */ value) => String(value).padStart(2, '0');

/** English ordinal suffix, as PHP's `S`. @param {number} day */
const suffix = (day) => {
  if (day % 100 >= 11 && day % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
};

/**
 * Writes `date` (see wordpressDate) with the PHP date `format` in `locale` (a BCP 47 tag): the
 * characters WordPress's date settings use (d j D l N S w z F M m n Y y a A g G h H i s), `\` before a
 * character to write it as it is, and any other character as it is.
 * @param {Date} date
 * @param {string} format
 * @param {string} locale
 */
export function formatPhpDate(date, format, locale) {
  const name = (/** @type {'weekday' | 'month'} */ part, /** @type {'short' | 'long'} */ width) => {
    const key = `${locale} ${part} ${width}`;
    const names = NAMES.get(key) ?? new Intl.DateTimeFormat(locale, { [part]: width, timeZone: 'UTC' });
    NAMES.set(key, names);
    return names.format(date);
  };
  const day = date.getUTCDate();
  const hours = date.getUTCHours();
  const weekday = date.getUTCDay();
  /** @type {Record<string, () => string>} */
  const parts = {
    d: () => pad(day),
    j: () => String(day),
    D: () => name('weekday', 'short'),
    l: () => name('weekday', 'long'),
    N: () => String(weekday || 7),
    S: () => suffix(day),
    w: () => String(weekday),
    z: () => String(Math.floor((date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / 86_400_000)),
    F: () => name('month', 'long'),
    M: () => name('month', 'short'),
    m: () => pad(date.getUTCMonth() + 1),
    n: () => String(date.getUTCMonth() + 1),
    Y: () => String(date.getUTCFullYear()),
    y: () => pad(date.getUTCFullYear() % 100),
    a: () => (hours < 12 ? 'am' : 'pm'),
    A: () => (hours < 12 ? 'AM' : 'PM'),
    g: () => String(hours % 12 || 12),
    G: () => String(hours),
    h: () => pad(hours % 12 || 12),
    H: () => pad(hours),
    i: () => pad(date.getUTCMinutes()),
    s: () => pad(date.getUTCSeconds()),
  };
  let text = '';
  for (let index = 0; index < format.length; index++) {
    const character = format[index] ?? '';
    if (character === '\\') text += format[++index] ?? '';
    else text += parts[character]?.() ?? character;
  }
  return text;
}

/**
 * How the site writes a donation's date: `dateFormat` and `timeFormat` joined by a space, in `locale`.
 * @typedef {{ locale: string, dateFormat: string, timeFormat: string }} SiteDates
 */

/** WordPress's defaults, and the demo's: American English. @type {SiteDates} */
export const DEFAULT_SITE_DATES = { locale: 'en-US', dateFormat: 'F j, Y', timeFormat: 'g:i a' };

/**
 * A PHP date format with its month and weekday names abbreviated (`F` → `M`, `l` → `D`), escapes kept.
 * @param {string} format
 */
export function abbreviatedFormat(format) {
  let short = '';
  for (let index = 0; index < format.length; index++) {
    const character = format[index] ?? '';
    if (character === '\\') short += character + (format[++index] ?? '');
    else short += character === 'F' ? 'M' : character === 'l' ? 'D' : character;
  }
  return short;
}

/**
 * A route date as the site writes it (`text`), with its machine-readable form and its parts: the day
 * (`dateFormat`), the `time` after it (`timeFormat`, '' without one) and the day with month and
 * weekday names abbreviated (`short`), which a phone's narrow table shows instead, leaving the rest to
 * screen readers. A site whose date format is empty writes only the time: that is its day. A text that
 * is no date comes back as it is, as its day, without a machine date.
 * @param {string} value
 * @param {SiteDates} site
 * @returns {{ text: string, day: string, time: string, short: string, datetime?: string }}
 */
export function siteDate(value, site) {
  const date = wordpressDate(value);
  if (!date) return { text: value, day: value, time: '', short: value };
  const part = (/** @type {string} */ format) => (format ? formatPhpDate(date, format, site.locale) : '');
  const dayFormat = site.dateFormat || site.timeFormat;
  const day = part(dayFormat);
  const time = site.dateFormat ? part(site.timeFormat) : '';
  const short = part(abbreviatedFormat(dayFormat));
  return { text: time ? `${day} ${time}` : day, day, time, short, datetime: machineDate(date) };
}
