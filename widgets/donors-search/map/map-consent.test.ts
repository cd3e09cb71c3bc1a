import { describe, expect, it } from 'vitest';
import { parseTestSection } from '../../../test/island-context.ts';
import { foreignMap } from './map-consent.ts';
import { parseSearchConfig } from './search-config.ts';

const maps = (json: Record<string, unknown>) =>
  parseTestSection(parseSearchConfig, { maps: json }).config.maps;

describe('which host a map comes from', () => {
  it.each([
    [{}, { service: 'openstreetmap', host: 'tile.openstreetmap.org' }],
    [
      { tileUrl: 'https://{s}.tile.example.org/{z}/{x}/{y}.png' },
      { service: 'openstreetmap', host: 'tile.example.org' },
    ],
    [{ googleApiKey: 'key' }, { service: 'google-maps', host: 'maps.googleapis.com' }],
    [
      { provider: 'google', tileUrl: '/tiles/{z}/{x}/{y}.png' },
      { service: 'google-maps', host: 'maps.googleapis.com' },
    ],
  ])('%j is another host’s map', (config, expected) => {
    expect(foreignMap(maps(config), 'donate.example.com')).toEqual(expected);
  });

  it.each([
    [{ tileUrl: '/tiles/{z}/{x}/{y}.png' }],
    [{ tileUrl: 'https://Donate.example.com/tiles/{z}/{x}/{y}.png' }],
  ])('%j comes from the site itself and needs no consent', (config) => {
    expect(foreignMap(maps(config), 'donate.example.com')).toBeUndefined();
  });

  it.each([
    [{ tileUrl: '/tiles/{z}/{x}/{y}.png' }, 'https://zips.cdn.example/zipcodes/', 'zips.cdn.example'],
    [{}, 'https://zips.cdn.example/zipcodes/', 'tile.openstreetmap.org and zips.cdn.example'],
    [{ googleApiKey: 'key' }, 'https://Zips.CDN.example/', 'maps.googleapis.com and zips.cdn.example'],
    [{}, 'https://tile.openstreetmap.org/zips/', 'tile.openstreetmap.org'],
    [{}, 'https://donate.example.com/zipcodes/', 'tile.openstreetmap.org'],
    [{}, '/wp-content/uploads/zipcodes/', 'tile.openstreetmap.org'],
  ])('%j with boundary files under %j is a map from %j', (config, boundaryBaseUrl, host) => {
    expect(foreignMap(maps(config), 'donate.example.com', boundaryBaseUrl)?.host).toBe(host);
  });

  it('needs no consent when the tiles and the boundary files both come from the site itself', () => {
    expect(
      foreignMap(maps({ tileUrl: '/tiles/{z}/{x}/{y}.png' }), 'donate.example.com', '/zipcodes/'),
    ).toBeUndefined();
  });
});
