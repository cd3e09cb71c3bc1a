import { chooseProvider, type SearchConfig } from './search-config.ts';

/** A map that another host serves, which the visitor's browser would tell about the visitor. */
export interface ForeignMap {
  /** The service's name in the WP Consent API: `google-maps` or `openstreetmap`. */
  service: 'google-maps' | 'openstreetmap';
  /** The host the visitor is told about, as the placeholder names it. */
  host: string;
}

/** Google's Maps JavaScript API host, which the loader asks for the map's script. */
const GOOGLE_MAPS_HOST = 'maps.googleapis.com';

/** The host of an http(s) URL template; a `{s}` subdomain template reads as the bare host. */
function templateHost(url: string): string | undefined {
  const host = /^https?:\/\/([^/?#]+)/i.exec(url)?.[1];
  return host?.replace(/^\{s\}\./, '').toLowerCase();
}

/**
 * Which other host the configured map comes from, or undefined when the map needs none: Google Maps
 * always comes from Google, and Leaflet's tiles from the tile URL's host, unless that is the page's own
 * (a path, or the same host), which needs no consent (docs/how-it-works.md#consent).
 */
export function foreignMap(maps: SearchConfig['maps'], pageHost: string): ForeignMap | undefined {
  if (chooseProvider(maps) === 'google') return { service: 'google-maps', host: GOOGLE_MAPS_HOST };
  const host = templateHost(maps.tileUrl);
  if (host === undefined || host === pageHost.toLowerCase()) return undefined;
  return { service: 'openstreetmap', host };
}
