/**
 * The bundle's side of the settings schema: the page config readers take exactly the values that
 * settings.cases.json says the settings screen saves. The plugin's PHP runs the same cases on a real
 * WordPress (wordpress-plugin/test/settings-cases.wordpress.test.ts).
 */
import { expect, test } from 'vitest';
import { parseSearchConfig } from '../../widgets/donors-search/map/search-config.ts';
import type { Json, Problem } from './config-readers.ts';
import { REQUEST_TIMEOUT_SECONDS, readRequestTimeout } from './request-timeout.ts';
import cases from './settings.cases.json' with { type: 'json' };
import { SETTINGS } from './settings-schema.ts';

type Case = [field: string, value: string | number, taken: boolean];

/** Where each field lands in the page config, in the page config's unit, and what the bundle reads back. */
const pageConfig: Record<
  string,
  { key: string; json: (value: never) => Json; read: (json: Json, problem: Problem) => unknown }
> = {
  donation_widgets_map_provider: {
    key: 'maps.provider',
    json: (provider: string) => ({ maps: { provider } }),
    read: (json, problem) => parseSearchConfig(json, problem).maps.provider,
  },
  donation_widgets_google_api_key: {
    key: 'maps.googleApiKey',
    json: (googleApiKey: string) => ({ maps: { googleApiKey } }),
    read: (json, problem) => parseSearchConfig(json, problem).maps.googleApiKey,
  },
  donation_widgets_google_map_id: {
    key: 'maps.googleMapId',
    json: (googleMapId: string) => ({ maps: { googleMapId } }),
    read: (json, problem) => parseSearchConfig(json, problem).maps.googleMapId,
  },
  donation_widgets_tile_attribution: {
    key: 'maps.tileAttribution',
    json: (tileAttribution: string) => ({ maps: { tileAttribution } }),
    read: (json, problem) => parseSearchConfig(json, problem).maps.tileAttribution,
  },
  donation_widgets_request_timeout: {
    key: 'requestTimeoutMs',
    json: (seconds: number) => ({ requestTimeoutMs: seconds * 1000 }),
    read: (json, problem) => readRequestTimeout(json, problem) / 1000,
  },
};

test.each(cases as Case[])(
  'the page config reader takes %s %j as the settings screen does: %s',
  (field, value, taken) => {
    const { key, json, read } = pageConfig[field] ?? { key: '', json: () => ({}), read: () => undefined };
    const problems: string[] = [];
    const readBack = read(json(value as never), (path) => problems.push(path));
    expect({ problems, taken: readBack === value }).toEqual(
      taken ? { problems: [], taken: true } : { problems: [key], taken: false },
    );
  },
);

test('the request timeout the bundle types is the settings schema’s: its default and bounds, in seconds', () => {
  const { default: seconds, minimum, maximum } = SETTINGS.donation_widgets_request_timeout;
  expect(REQUEST_TIMEOUT_SECONDS).toEqual({ default: seconds, minimum, maximum });
});
