import { type SectionParser, URL_OR_PATH, withReader } from '../../../src/shared/config-readers.ts';
import {
  CONSENT_CATEGORIES,
  type ConsentCategory,
  MARKETING_DEFAULT,
} from '../../../src/shared/consent-categories.ts';
import { SETTINGS, schemaMaxLength, schemaPattern } from '../../../src/shared/settings-schema.ts';

const PROVIDERS = SETTINGS.donation_widgets_map_provider.enum as MapProvider[];

export type MapProvider = 'auto' | 'google' | 'leaflet';

/** The page config keys only the donors search reads. */
export interface SearchConfig {
  /** Prefix of the zip boundary files: the file for 12345 is `${boundaryBaseUrl}zip12345.kml`. */
  boundaryBaseUrl: string;
  maps: {
    /** `auto` uses Google when an API key is configured and Leaflet with OpenStreetMap otherwise. */
    provider: MapProvider;
    googleApiKey: string;
    googleMapId: string;
    googleVersion: string;
    tileUrl: string;
    /** Shown as text, never as HTML. */
    tileAttribution: string;
    /**
     * The WP Consent API's category a map from another host waits for, where the page runs the API
     * (docs/how-it-works.md#consent).
     */
    consentCategory: ConsentCategory;
  };
  /**
   * The site runs the WP Consent API (the plugin says so when the API is active): a map from another
   * host waits for the API's script however late it comes (docs/how-it-works.md#consent).
   */
  consentApi: boolean;
}

/** Google Maps with a key; without one (or by choice) the map is Leaflet with open tiles. */
export function chooseProvider(maps: SearchConfig['maps']): 'google' | 'leaflet' {
  if (maps.provider === 'auto') return maps.googleApiKey ? 'google' : 'leaflet';
  return maps.provider;
}

/** Reads `boundaryBaseUrl`, `maps` and `consentApi` from the page config (see docs/admin.md, "Page config"). */
export const parseSearchConfig: SectionParser<SearchConfig> = withReader((root) => {
  const maps = root.child('maps');
  return {
    boundaryBaseUrl: root.string(
      'boundaryBaseUrl',
      '/zipcodes/',
      URL_OR_PATH,
      'a URL or a path starting with /',
    ),
    maps: {
      provider: maps.oneOf(
        'provider',
        SETTINGS.donation_widgets_map_provider.default as MapProvider,
        PROVIDERS,
      ),
      googleApiKey: maps.string(
        'googleApiKey',
        '',
        schemaPattern(SETTINGS.donation_widgets_google_api_key),
        'an API key',
      ),
      googleMapId: maps.string(
        'googleMapId',
        '',
        schemaPattern(SETTINGS.donation_widgets_google_map_id),
        'a map id',
      ),
      googleVersion: maps.string('googleVersion', 'weekly', /^[\w.]{1,20}$/, 'a version such as weekly'),
      tileUrl: maps.string(
        'tileUrl',
        'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        URL_OR_PATH,
        'a tile URL template',
      ),
      tileAttribution: maps.string(
        'tileAttribution',
        '© OpenStreetMap contributors',
        schemaMaxLength(SETTINGS.donation_widgets_tile_attribution),
        `text of at most ${SETTINGS.donation_widgets_tile_attribution.maxLength} characters`,
      ),
      consentCategory: maps.oneOf('consentCategory', MARKETING_DEFAULT, CONSENT_CATEGORIES),
    },
    consentApi: root.boolean('consentApi', false),
  };
});
