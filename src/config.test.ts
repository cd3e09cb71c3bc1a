import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_ELEMENT_ID, getConfig, parseConfig, readSection, resetConfigForTests } from './config.ts';
import type { Reader } from './config-readers.ts';

const parse = (json: Record<string, unknown>, wpApiSettings?: unknown) => {
  const problems: string[] = [];
  const config = parseConfig(json, (key, expected) => problems.push(`${key}: ${expected}`), wpApiSettings);
  return { config, problems };
};

describe('parseConfig', () => {
  it('fills every default from an empty config', () => {
    const { config, problems } = parse({});
    expect(problems).toEqual([]);
    expect(config.restRoot).toBe('/wp-json/');
    expect(config.nonce).toBe('');
    expect(config.nonceEndpoint).toBe('/wp-admin/admin-ajax.php?action=rest-nonce');
    expect(config.requestTimeoutMs).toBe(20_000);
  });

  it('falls back to WordPress wpApiSettings for the REST root and nonce', () => {
    const { config } = parse({}, { root: 'https://example.org/wp-json/', nonce: 'abc123def0' });
    expect(config.restRoot).toBe('https://example.org/wp-json/');
    expect(config.nonce).toBe('abc123def0');
  });

  it('prefers the page config over wpApiSettings', () => {
    const { config } = parse({ restRoot: '/api/', nonce: 'fff' }, { root: '/wp-json/', nonce: 'aaa' });
    expect(config).toMatchObject({ restRoot: '/api/', nonce: 'fff' });
  });

  it.each([
    [{ restRoot: 42 }, 'restRoot: a URL', 'restRoot', '/wp-json/'],
    [{ restRoot: 'javascript:alert(1)' }, 'restRoot: a URL', 'restRoot', '/wp-json/'],
    [{ restRoot: '//evil.example/wp-json/' }, 'restRoot: a URL', 'restRoot', '/wp-json/'],
    [{ restRoot: '/\\evil.example/wp-json/' }, 'restRoot: a URL', 'restRoot', '/wp-json/'],
    [{ nonce: 'abc\r\nX-Evil: 1' }, 'nonce: a nonce (letters and digits)', 'nonce', ''],
    [
      { requestTimeoutMs: '20s' },
      'requestTimeoutMs: a number from 100 to 300000',
      'requestTimeoutMs',
      20_000,
    ],
    [{ requestTimeoutMs: -1 }, 'requestTimeoutMs: a number from 100 to 300000', 'requestTimeoutMs', 20_000],
    [
      { nonceEndpoint: 'data:text/plain,x' },
      'nonceEndpoint: a URL or a path starting with /',
      'nonceEndpoint',
      '/wp-admin/admin-ajax.php?action=rest-nonce',
    ],
  ])('rejects %j with one error naming the key, and uses the default', (json, problem, key, fallback) => {
    const { config, problems } = parse(json);
    expect(problems).toEqual([problem]);
    expect(config[key as keyof typeof config]).toEqual(fallback);
  });
});

describe('getConfig', () => {
  afterEach(() => {
    resetConfigForTests();
    vi.restoreAllMocks();
  });

  const page = (text: string) => {
    document.body.innerHTML = '';
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = CONFIG_ELEMENT_ID;
    script.textContent = text;
    document.body.append(script);
  };

  it('reads the JSON config from the page once', () => {
    page('{"restRoot": "/one/"}');
    expect(getConfig().restRoot).toBe('/one/');
    page('{"restRoot": "/two/"}');
    expect(getConfig().restRoot).toBe('/one/');
  });

  it.each([
    ['not JSON', '{restRoot: /x/}', 'is not valid JSON'],
    ['an array', '[1, 2]', '"#donation-widgets-config" must be a JSON object, got an array'],
    ['a script', '</script><script>window.__pwned = true</script>', 'is not valid JSON'],
  ])('a config that is %s logs one clear error and uses the defaults', (_, text, message) => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    page(text);
    expect(getConfig().restRoot).toBe('/wp-json/');
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(String(consoleError.mock.calls[0]?.[0])).toContain(message);
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });
});

describe('readSection', () => {
  afterEach(() => {
    resetConfigForTests();
    vi.restoreAllMocks();
  });

  const page = (config: unknown) => {
    document.body.innerHTML = `<script type="application/json" id="${CONFIG_ELEMENT_ID}">${JSON.stringify(config)}</script>`;
  };
  const parseMaps = (root: Reader) => {
    const maps = root.child('maps');
    return {
      provider: maps.oneOf('provider', 'auto', ['auto', 'google', 'leaflet']),
      zoom: maps.number('zoom', 10, 1, 20),
    };
  };

  it("validates an island's own keys from the same page JSON, naming nested keys by their path", () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    page({ restRoot: '/api/', maps: { provider: 'bing', zoom: 12 } });
    expect(readSection(parseMaps)).toEqual({ provider: 'auto', zoom: 12 });
    expect(getConfig().restRoot).toBe('/api/');
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(String(consoleError.mock.calls[0]?.[0])).toBe(
      '[donation-widgets] config: "maps.provider" must be one of auto, google, leaflet, got "bing"; using the default.',
    );
  });

  it('reads each section once per page, so a bad key is reported once however many islands read it', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    page({ maps: 'google' });
    expect(readSection(parseMaps)).toBe(readSection(parseMaps));
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(String(consoleError.mock.calls[0]?.[0])).toContain('"maps" must be an object, got "google"');
  });

  it('reports a required value that is missing or wrong and says the entry is ignored', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    page({ items: [{ path: '/a/' }, {}, { path: 'b' }] });
    const paths = readSection((root) =>
      (root.array('items') ?? []).map(({ reader }) =>
        reader.required('path', /^\//, 'a path starting with /'),
      ),
    );
    expect(paths).toEqual(['/a/', undefined, undefined]);
    expect(consoleError.mock.calls.map(([message]) => message)).toEqual([
      '[donation-widgets] config: "items[1].path" must be a path starting with /, got nothing; ignoring it.',
      '[donation-widgets] config: "items[2].path" must be a path starting with /, got "b"; ignoring it.',
    ]);
  });
});
