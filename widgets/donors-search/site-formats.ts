import { withReader } from '../../src/shared/config-readers.ts';
import { pageLocale } from '../../src/shared/plural.ts';
import { DEFAULT_SITE_DATES, languageTag, type SiteDates } from './results/php-date.js';

const LOCALE = /^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*$/;
// A PHP date format is text a site admin chose; anything printable of a sensible length is one.
const FORMAT = /^[^\n\r]{0,40}$/;

/**
 * The page config's `locale` (WordPress's, `de_DE`), `dateFormat` and `timeFormat` (PHP date formats,
 * Settings → General): how the search writes dates, counts and sorts titles. Without `locale` the page's
 * `<html lang>` is used, and American English without that; the formats default to WordPress's own.
 */
export const parseSiteFormats = withReader<SiteDates>((root) => ({
  locale: languageTag(
    root.string(
      'locale',
      pageLocale(document) === 'en' ? DEFAULT_SITE_DATES.locale : pageLocale(document),
      LOCALE,
      'a locale such as de_DE',
    ),
  ),
  dateFormat: root.string('dateFormat', DEFAULT_SITE_DATES.dateFormat, FORMAT, 'a PHP date format'),
  timeFormat: root.string('timeFormat', DEFAULT_SITE_DATES.timeFormat, FORMAT, 'a PHP date format'),
}));
