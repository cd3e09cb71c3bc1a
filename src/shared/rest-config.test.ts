import { describe, expect, it } from 'vitest';
import { parseRestConfig } from './rest-config.ts';

const parse = (json: Record<string, unknown>, wpApiSettings?: unknown) => {
  const problems: string[] = [];
  const config = parseRestConfig(
    json,
    (key, expected) => problems.push(`${key}: ${expected}`),
    wpApiSettings,
  );
  return { config, problems };
};

describe('parseRestConfig', () => {
  it('fills every default from an empty config', () => {
    const { config, problems } = parse({});
    expect(problems).toEqual([]);
    expect(config).toEqual({
      restRoot: '/wp-json/',
      nonce: '',
      nonceEndpoint: '/wp-admin/admin-ajax.php?action=rest-nonce',
      requestTimeoutMs: 20_000,
    });
  });

  it('falls back to WordPress wpApiSettings for the REST root and nonce', () => {
    const { config } = parse({}, { root: 'https://example.org/wp-json/', nonce: 'abc123def0' });
    expect(config.restRoot).toBe('https://example.org/wp-json/');
    expect(config.nonce).toBe('abc123def0');
  });

  it('reads wpApiSettings from the page when none is passed', () => {
    const page = globalThis as { wpApiSettings?: unknown };
    page.wpApiSettings = { root: '/site/wp-json/' };
    try {
      expect(parseRestConfig({}, () => {}).restRoot).toBe('/site/wp-json/');
    } finally {
      delete page.wpApiSettings;
    }
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
    [{ nonce: 'abc\r\nX-Evil: 1' }, 'nonce: a nonce (letters and digits), or "" for anonymous', 'nonce', ''],
    [
      { requestTimeoutMs: '20s' },
      'requestTimeoutMs: a number from 1000 to 300000',
      'requestTimeoutMs',
      20_000,
    ],
    [{ requestTimeoutMs: -1 }, 'requestTimeoutMs: a number from 1000 to 300000', 'requestTimeoutMs', 20_000],
    [
      { requestTimeoutMs: Number.NaN },
      'requestTimeoutMs: a number from 1000 to 300000',
      'requestTimeoutMs',
      20_000,
    ],
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

  it.each([
    ['""', ''],
    ['null', null],
  ])('reads a nonce of %s as anonymous, silently, even when wpApiSettings carries one', (_, nonce) => {
    const { config, problems } = parse({ nonce }, { nonce: 'stale0nonce' });
    expect(problems).toEqual([]);
    expect(config).toMatchObject({ nonce: '' });
  });

  it('never falls back to wpApiSettings for a nonce the page config got wrong', () => {
    const { config, problems } = parse({ nonce: 'not a nonce' }, { nonce: 'stale0nonce' });
    expect(problems).toEqual(['nonce: a nonce (letters and digits), or "" for anonymous']);
    expect(config.nonce).toBe('');
  });

  it('keeps a request timeout at either end of its range', () => {
    expect(parse({ requestTimeoutMs: 1000 }).config.requestTimeoutMs).toBe(1000);
    expect(parse({ requestTimeoutMs: 300_000 }).config.requestTimeoutMs).toBe(300_000);
  });
});
