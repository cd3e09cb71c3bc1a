import { describe, expect, it } from 'vitest';
import { parseTestSection } from '../../../test/island-context.ts';
import { chooseProvider, parseSearchConfig } from './search-config.ts';

const parse = (json: Record<string, unknown>) => parseTestSection(parseSearchConfig, json);

describe('the donors search config', () => {
  it('works without a key: Leaflet with OpenStreetMap, boundaries from /zipcodes/', () => {
    const { config, problems } = parse({});
    expect(problems).toEqual([]);
    expect(config).toEqual({
      boundaryBaseUrl: '/zipcodes/',
      maps: {
        provider: 'auto',
        googleApiKey: '',
        googleMapId: '',
        googleVersion: 'weekly',
        tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        tileAttribution: '© OpenStreetMap contributors',
        consentCategory: 'marketing',
      },
      consentApi: false,
    });
  });

  it.each([
    [{ boundaryBaseUrl: 'javascript:alert(1)//' }, 'boundaryBaseUrl: a URL or a path starting with /'],
    [{ maps: { provider: 'bing' } }, 'maps.provider: one of auto, google, leaflet'],
    [{ maps: { tileUrl: 'data:image/png,x' } }, 'maps.tileUrl: a tile URL template'],
    [{ maps: { googleApiKey: 'key"><script>' } }, 'maps.googleApiKey: an API key'],
    [{ maps: 'google' }, 'maps: an object'],
    [
      { maps: { consentCategory: 'ads' } },
      'maps.consentCategory: one of functional, preferences, statistics, statistics-anonymous, marketing',
    ],
    [{ consentApi: 'yes' }, 'consentApi: true or false'],
  ])('rejects %j with one error naming the key', (json, problem) => {
    expect(parse(json).problems).toEqual([problem]);
  });
});

it('reads the category a map from another host waits for', () => {
  expect(parse({ maps: { consentCategory: 'functional' } }).config.maps.consentCategory).toBe('functional');
});

it('reads that the site runs the WP Consent API, whose script may come late', () => {
  expect(parse({ consentApi: true }).config.consentApi).toBe(true);
});

describe('chooseProvider', () => {
  it.each([
    [{}, 'leaflet'],
    [{ googleApiKey: 'key' }, 'google'],
    [{ provider: 'leaflet', googleApiKey: 'key' }, 'leaflet'],
    [{ provider: 'google' }, 'google'],
  ])('%j → %s', (maps, provider) => {
    expect(chooseProvider(parse({ maps }).config.maps)).toBe(provider);
  });
});
