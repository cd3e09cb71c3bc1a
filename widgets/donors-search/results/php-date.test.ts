import { abbreviatedFormat, formatPhpDate, languageTag, siteDate, wordpressDate } from './php-date.js';

const date = wordpressDate('2026-03-09 07:05:09') as Date;

describe('dates the site’s way', () => {
  test('WordPress’s defaults in American English', () => {
    expect(
      siteDate('2026-11-03 14:05:00', { locale: 'en-US', dateFormat: 'F j, Y', timeFormat: 'g:i a' }),
    ).toEqual({
      text: 'November 3, 2026 2:05 pm',
      day: 'November 3, 2026',
      time: '2:05 pm',
      short: 'Nov 3, 2026',
      datetime: '2026-11-03T14:05:00',
    });
  });

  test('the day and the time apart, a site without a time format or without a date format', () => {
    const dates = (dateFormat: string, timeFormat: string) =>
      siteDate('2026-11-03 14:05:00', { locale: 'en-US', dateFormat, timeFormat });
    expect(dates('F j, Y', '')).toMatchObject({
      text: 'November 3, 2026',
      day: 'November 3, 2026',
      time: '',
    });
    // With no date format the time is all the site writes: it is the part that always shows.
    expect(dates('', 'H:i')).toMatchObject({ text: '14:05', day: '14:05', time: '', short: '14:05' });
  });

  test('the short day: month and weekday names abbreviated, escaped letters and other formats as they are', () => {
    const short = (dateFormat: string, locale = 'en-US') =>
      siteDate('2026-11-03 14:05:00', { locale, dateFormat, timeFormat: 'g:i a' }).short;
    expect(abbreviatedFormat('l, F j, Y \\F\\l')).toBe('D, M j, Y \\F\\l');
    expect(short('l, F jS, Y')).toBe('Tue, Nov 3rd, 2026');
    expect(short('d.m.Y', 'de-DE')).toBe('03.11.2026');
    // The browser's short month name in the site's language (with or without its dot, as Intl has it).
    expect(short('j. F Y', 'de-DE')).toMatch(/^3\. Nov\.? 2026$/);
  });

  test('a German site: d.m.Y and H:i in de_DE, month names in German', () => {
    const german = { locale: languageTag('de_DE'), dateFormat: 'd.m.Y', timeFormat: 'H:i' };
    expect(german.locale).toBe('de-DE');
    expect(siteDate('2026-03-09 07:05:09', german).text).toBe('09.03.2026 07:05');
    expect(formatPhpDate(date, 'j. F Y', 'de-DE')).toBe('9. März 2026');
    expect(formatPhpDate(date, 'l, D', 'de-DE')).toBe('Montag, Mo');
  });

  test('every character WordPress offers, escapes and plain text', () => {
    expect(formatPhpDate(date, 'd j D l N S w z F M m n Y y a A g G h H i s', 'en-US')).toBe(
      '09 9 Mon Monday 1 th 1 67 March Mar 03 3 2026 26 am AM 7 7 07 07 05 09',
    );
    expect(formatPhpDate(date, '\\d\\a\\y: jS', 'en-US')).toBe('day: 9th');
    expect(formatPhpDate(wordpressDate('2026-12-22 23:00:00') as Date, 'jS g A', 'en-US')).toBe('22nd 11 PM');
  });

  test('a text that is no date stays as it is, without a machine date', () => {
    expect(siteDate('yesterday', { locale: 'en-US', dateFormat: 'F j, Y', timeFormat: '' })).toEqual({
      text: 'yesterday',
      day: 'yesterday',
      time: '',
      short: 'yesterday',
    });
    expect(wordpressDate('2026-02-31 10:00:00')).toBeUndefined();
    expect(languageTag('not a locale!')).toBe('en-US');
  });

  test('a date without seconds is the minute it names, as WordPress reads it', () => {
    expect(wordpressDate('2026-11-04 09:30')?.toISOString()).toBe('2026-11-04T09:30:00.000Z');
  });
});
