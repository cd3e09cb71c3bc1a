import { describe, isRecord, type Json, type Problem, Reader } from './config-readers.ts';

export type MapProvider = 'auto' | 'google' | 'leaflet';

/** One analytics event sent when a conversion page is reached; `sendTo` targets an Ads conversion. */
export interface ConversionEvent {
  name: string;
  sendTo: string;
}

/** A page whose arrival counts as a conversion. */
export interface Conversion {
  /** Path as WordPress prints it; matched with and without the trailing slash. */
  path: string;
  value: number;
  currency: string;
  events: readonly ConversionEvent[];
}

/** Everything the islands read from the page, validated and with every default filled in. */
export interface PageConfig {
  restRoot: string;
  /** Empty means anonymous: no `X-WP-Nonce` header is sent. */
  nonce: string;
  nonceEndpoint: string;
  requestTimeoutMs: number;
  /** Prefix of the zip boundary files: the file for 12345 is `${boundaryBaseUrl}zip12345.kml`. */
  boundaryBaseUrl: string;
  maps: {
    /** `auto` uses Google when an API key is configured and Leaflet with OpenStreetMap otherwise. */
    provider: MapProvider;
    googleApiKey: string;
    googleMapId: string;
    googleVersion: string;
    tileUrl: string;
    tileAttribution: string;
  };
  analytics: {
    conversions: readonly Conversion[];
    /** A transaction id the server prints on a conversion page, so a conversion is counted once. */
    transactionId: string;
    /** Off by default: GA4's enhanced measurement already reports these parameters. */
    siteSearch: boolean;
    searchParams: readonly string[];
  };
}

export const CONFIG_ELEMENT_ID = 'donation-widgets-config';

const URL_OR_PATH = /^(https?:\/\/[^\s]+|\/[^\s]*)$/;
const NONCE = /^[A-Za-z0-9]{1,64}$/;
const TOKEN = /^[\w.:/-]{0,200}$/;

export const DEFAULT_CONVERSIONS: readonly Conversion[] = [
  {
    path: '/thank-you/',
    value: 200.0,
    currency: 'USD',
    events: [
      'purchase',
      'donation',
      'donation_thank_you_page',
      'completed_donation_w__screening_question',
    ].map((name) => ({ name, sendTo: '' })),
  },
  {
    path: '/sign-up/sign-up-complete/',
    value: 0.0,
    currency: 'USD',
    events: [{ name: 'pick_up_provider_sign_up___all_details', sendTo: '' }],
  },
];

export const DEFAULT_SEARCH_PARAMS: readonly string[] = ['q', 's', 'search', 'query', 'keyword'];

function readConversions(reader: Reader): readonly Conversion[] {
  const items = reader.array('conversions');
  if (!items) return DEFAULT_CONVERSIONS;
  return items.map(({ reader: item }) => ({
    path: item.string('path', '/', /^\/\S*$/, 'a path starting with /'),
    value: item.number('value', 0, 0, 1e9),
    currency: item.string('currency', 'USD', /^[A-Z]{3}$/, 'a three-letter currency code'),
    events: (item.array('events') ?? []).map(({ reader: event }) => ({
      name: event.string('name', 'conversion', /^\w{1,40}$/, 'an event name (letters, digits, _)'),
      sendTo: event.string('sendTo', '', TOKEN, 'a send_to id such as AW-123/abc'),
    })),
  }));
}

/** Builds the typed config from parsed JSON; every problem goes to `problem` and its default is used. */
export function parseConfig(json: Json, problem: Problem, wpApiSettings?: unknown): PageConfig {
  const wp = new Reader(isRecord(wpApiSettings) ? wpApiSettings : {}, 'wpApiSettings.', problem);
  const root = new Reader(json, '', problem);
  const maps = root.child('maps');
  const analytics = root.child('analytics');
  const restRoot = root.string(
    'restRoot',
    wp.string('root', '/wp-json/', URL_OR_PATH, 'a URL'),
    URL_OR_PATH,
    'a URL',
  );
  return {
    restRoot,
    nonce: root.string(
      'nonce',
      wp.string('nonce', '', NONCE, 'a nonce'),
      NONCE,
      'a nonce (letters and digits)',
    ),
    nonceEndpoint: root.string(
      'nonceEndpoint',
      '/wp-admin/admin-ajax.php?action=rest-nonce',
      URL_OR_PATH,
      'a URL or a path starting with /',
    ),
    requestTimeoutMs: root.number('requestTimeoutMs', 20_000, 100, 300_000),
    boundaryBaseUrl: root.string(
      'boundaryBaseUrl',
      '/zipcodes/',
      URL_OR_PATH,
      'a URL or a path starting with /',
    ),
    maps: {
      provider: maps.oneOf<MapProvider>('provider', 'auto', ['auto', 'google', 'leaflet']),
      googleApiKey: maps.string('googleApiKey', '', /^[\w-]{0,100}$/, 'an API key'),
      googleMapId: maps.string('googleMapId', '', /^[\w-]{0,100}$/, 'a map id'),
      googleVersion: maps.string('googleVersion', 'weekly', /^[\w.]{1,20}$/, 'a version such as weekly'),
      tileUrl: maps.string(
        'tileUrl',
        'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        URL_OR_PATH,
        'a tile URL template',
      ),
      tileAttribution: maps.string('tileAttribution', '© OpenStreetMap contributors'),
    },
    analytics: {
      conversions: readConversions(analytics),
      transactionId: analytics.string(
        'transactionId',
        '',
        /^[\w.-]{0,100}$/,
        'an id of letters, digits, . _ -',
      ),
      siteSearch: analytics.boolean('siteSearch', false),
      searchParams: analytics.stringList('searchParams', DEFAULT_SEARCH_PARAMS, /^\w{1,40}$/),
    },
  };
}

const reportProblem: Problem = (key, expected, actual) =>
  console.error(
    `[donation-widgets] config: "${key}" must be ${expected}, got ${describe(actual)}; using the default.`,
  );

/** Reads `#donation-widgets-config` as JSON. It is data, never executed; a broken one yields `{}`. */
function readConfigJson(doc: Document): Json {
  const element = doc.getElementById(CONFIG_ELEMENT_ID);
  if (!element?.textContent?.trim()) return {};
  try {
    const json: unknown = JSON.parse(element.textContent);
    if (isRecord(json)) return json;
    reportProblem(`#${CONFIG_ELEMENT_ID}`, 'a JSON object', json);
  } catch (error) {
    console.error(
      `[donation-widgets] config: #${CONFIG_ELEMENT_ID} is not valid JSON (${String(error)}); using the defaults.`,
    );
  }
  return {};
}

let cached: PageConfig | undefined;

/** The page's config, read on first use and then shared by every island. */
export function getConfig(doc: Document = document): PageConfig {
  cached ??= parseConfig(
    readConfigJson(doc),
    reportProblem,
    (globalThis as { wpApiSettings?: unknown }).wpApiSettings,
  );
  return cached;
}

/** Forgets the cached config so tests can read a new one. */
export function resetConfigForTests(): void {
  cached = undefined;
}
