import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONFIG_ELEMENT_ID,
  DEFAULT_CONVERSIONS,
  getConfig,
  parseConfig,
  resetConfigForTests,
} from './config.ts';

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
    expect(config.maps.provider).toBe('auto');
    expect(config.analytics.conversions).toBe(DEFAULT_CONVERSIONS);
    expect(config.analytics.siteSearch).toBe(false);
    expect(config.analytics.searchParams).toEqual(['q', 's', 'search', 'query', 'keyword']);
  });

  it('carries the SPEC conversion values as defaults', () => {
    const [donation, signUp] = parse({}).config.analytics.conversions;
    expect(donation).toMatchObject({ path: '/thank-you/', value: 200.0, currency: 'USD' });
    expect(donation?.events.map((e) => e.name)).toEqual([
      'purchase',
      'donation',
      'donation_thank_you_page',
      'completed_donation_w__screening_question',
    ]);
    expect(signUp).toMatchObject({ path: '/sign-up/sign-up-complete/', value: 0.0, currency: 'USD' });
    expect(signUp?.events.map((e) => e.name)).toEqual(['pick_up_provider_sign_up___all_details']);
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
    [{ nonce: 'abc\r\nX-Evil: 1' }, 'nonce: a nonce (letters and digits)', 'nonce', ''],
    [
      { requestTimeoutMs: '20s' },
      'requestTimeoutMs: a number from 100 to 300000',
      'requestTimeoutMs',
      20_000,
    ],
    [{ requestTimeoutMs: -1 }, 'requestTimeoutMs: a number from 100 to 300000', 'requestTimeoutMs', 20_000],
    [
      { boundaryBaseUrl: 'data:text/xml,x' },
      'boundaryBaseUrl: a URL or a path starting with /',
      'boundaryBaseUrl',
      '/zipcodes/',
    ],
  ])('rejects %j with one error naming the key, and uses the default', (json, problem, key, fallback) => {
    const { config, problems } = parse(json);
    expect(problems).toEqual([problem]);
    expect(config[key as keyof typeof config]).toEqual(fallback);
  });

  it('names nested keys with their path', () => {
    const { config, problems } = parse({
      maps: { provider: 'bing' },
      analytics: {
        siteSearch: 'yes',
        conversions: [{ path: 'thank-you', value: 5, events: [{ name: 'a b' }] }],
      },
    });
    expect(problems).toEqual([
      'maps.provider: one of auto, google, leaflet',
      'analytics.conversions[0].path: a path starting with /',
      'analytics.conversions[0].events[0].name: an event name (letters, digits, _)',
      'analytics.siteSearch: true or false',
    ]);
    expect(config.maps.provider).toBe('auto');
    expect(config.analytics.siteSearch).toBe(false);
  });

  it('reads a whole object of the wrong type as empty, so each key takes its default', () => {
    const { config, problems } = parse({ maps: 'google' });
    expect(problems).toEqual(['maps: an object']);
    expect(config.maps.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
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
