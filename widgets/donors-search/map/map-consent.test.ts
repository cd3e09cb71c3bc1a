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
});
