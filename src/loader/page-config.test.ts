import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Json, withReader } from '../shared/config-readers.ts';
import { describe as describeValue } from '../shared/describe-value.ts';
import { readRequestTimeout } from '../shared/request-timeout.ts';
import { parseRestConfig } from '../shared/rest-config.ts';
import { CONFIG_ELEMENT_ID, createPageConfig } from './page-config.ts';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const pageWith = (text: string) => {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = CONFIG_ELEMENT_ID;
  script.textContent = text;
  document.body.replaceChildren(script);
  return createPageConfig(document);
};
const page = (json: unknown) => pageWith(JSON.stringify(json));
const consoleErrors = () => {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  return () => spy.mock.calls.map(([message]) => String(message));
};
const whole = (json: Json) => json;

const parseMaps = withReader((root) => {
  const maps = root.child('maps');
  return {
    provider: maps.oneOf('provider', 'auto', ['auto', 'google', 'leaflet']),
    zoom: maps.number('zoom', 10, 1, 20),
  };
});

describe('the page config', () => {
  it('reads the JSON once, at start, and never again', () => {
    const config = page({ restRoot: '/one/' });
    document.body.replaceChildren();
    expect(config.section(whole)).toEqual({ restRoot: '/one/' });
    page({ restRoot: '/two/' });
    expect(config.section((json) => json.restRoot)).toBe('/one/');
  });

  it('reports a broken config at start, before any island asks for a section, and once', () => {
    const errors = consoleErrors();
    const config = pageWith('{"restRoot": "/wp-json/",}');
    expect(errors()).toEqual([expect.stringContaining('#donation-widgets-config is not valid JSON')]);
    config.section(whole);
    config.section(parseRestConfig);
    expect(errors()).toHaveLength(1);
  });

  it('is empty on a page without a config element', () => {
    const errors = consoleErrors();
    expect(createPageConfig(document).section(whole)).toEqual({});
    expect(errors()).toEqual([]);
  });

  it.each([
    ['not JSON', '{restRoot: /x/}', 'is not valid JSON'],
    [
      'an array',
      '[1, 2]',
      '"#donation-widgets-config" must be a JSON object, got [1,2]; using the defaults.',
    ],
    ['a script', '</script><script>window.__pwned = true</script>', 'is not valid JSON'],
  ])('a config that is %s logs one clear error and reads as empty', (_, text, message) => {
    const errors = consoleErrors();
    const config = pageWith(text);
    expect(config.section(whole)).toEqual({});
    expect(config.section((json) => Object.keys(json))).toEqual([]);
    expect(errors()).toHaveLength(1);
    expect(errors()[0]).toContain(message);
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it("validates an island's section, naming nested keys by their path", () => {
    const errors = consoleErrors();
    expect(page({ maps: { provider: 'bing', zoom: 12 } }).section(parseMaps)).toEqual({
      provider: 'auto',
      zoom: 12,
    });
    expect(errors()).toEqual([
      '[donation-widgets] config: "maps.provider" must be one of auto, google, leaflet, got "bing"; using the default.',
    ]);
  });

  it('parses each section once per page, so every island that asks gets the same object', () => {
    const errors = consoleErrors();
    const config = page({ maps: 'google' });
    expect(config.section(parseMaps)).toBe(config.section(parseMaps));
    expect(errors()).toEqual([
      '[donation-widgets] config: "maps" must be an object, got "google"; using the default.',
    ]);
  });

  it('logs a bad key once even when two chunks read it with their own copies of the parser', () => {
    const errors = consoleErrors();
    const config = page({ requestTimeoutMs: '20s' });
    const copy: typeof readRequestTimeout = (json, problem) => readRequestTimeout(json, problem);
    expect(config.section(readRequestTimeout)).toBe(20_000);
    expect(config.section(copy)).toBe(20_000);
    expect(errors()).toEqual([
      '[donation-widgets] config: "requestTimeoutMs" must be a number from 1000 to 300000, got "20s"; using the default.',
    ]);
  });

  it('reports a required value that is missing or wrong and says the entry is ignored', () => {
    const errors = consoleErrors();
    const paths = page({ items: [{ path: '/a/' }, {}, { path: 'b' }] }).section(
      withReader((root) =>
        (root.array('items') ?? []).map(({ reader }) =>
          reader.required('path', /^\//, 'a path starting with /'),
        ),
      ),
    );
    expect(paths).toEqual(['/a/', undefined, undefined]);
    expect(errors()).toEqual([
      '[donation-widgets] config: "items[1].path" must be a path starting with /, got nothing; ignoring it.',
      '[donation-widgets] config: "items[2].path" must be a path starting with /, got "b"; ignoring it.',
    ]);
  });
});

describe('a hostile wpApiSettings', () => {
  it('is named in the error, not thrown, even circular and without a prototype', () => {
    const errors = consoleErrors();
    const settings: Record<string, unknown> = Object.create(null);
    settings.root = settings;
    const rest = page({}).section((json, problem) => parseRestConfig(json, problem, settings));
    expect(rest.restRoot).toBe('/wp-json/');
    expect(errors()).toEqual([
      expect.stringMatching(
        /^\[donation-widgets\] config: "wpApiSettings\.root" must be .*, got \[object Object\]; using the default\.$/,
      ),
    ]);
  });
});

describe('describe', () => {
  const circular: { self?: unknown } = {};
  circular.self = circular;
  const bare: { self?: unknown } = Object.create(null);
  bare.self = bare;
  it.each([
    ['nothing', undefined],
    ['null', null],
    ['42', 42],
    ['false', false],
    ['"google"', 'google'],
    ['[1,2]', [1, 2]],
    ['{"a":1}', { a: 1 }],
    [`"${'x'.repeat(39)}…`, 'x'.repeat(60)],
    ['[object Object]', circular],
    ['[object Object]', bare],
    ['[object BigInt]', 10n],
    ['() => 1', () => 1],
  ])('shows it as %s', (text, value) => {
    expect(describeValue(value)).toBe(text);
  });
});
