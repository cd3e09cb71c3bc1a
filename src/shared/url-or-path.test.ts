/**
 * The bundle's side of the one "URL or a path" rule: the config readers take exactly the values that
 * url-or-path.cases.json says they do. The plugin's PHP runs the same cases
 * (wordpress-plugin/test/url-or-path.test.ts).
 */
import { expect, test } from 'vitest';
import { Reader, URL_OR_PATH } from './config-readers.ts';
import cases from './url-or-path.cases.json' with { type: 'json' };

const FALLBACK = '/fallback/';

test.each(cases as [string, boolean][])('the config readers take %j: %s', (value, taken) => {
  const problems: string[] = [];
  const read = new Reader({ url: value }, '', (key) => problems.push(key)).string(
    'url',
    FALLBACK,
    URL_OR_PATH,
    'a URL',
  );
  expect({ read, problems }).toEqual(
    taken ? { read: value, problems: [] } : { read: FALLBACK, problems: ['url'] },
  );
});
