import { chooseProvider, type SearchConfig } from './search-config.ts';

/** A map that another host serves, which the visitor's browser would tell about the visitor. */
export interface ForeignMap {
  /** The service's name in the WP Consent API: `google-maps` or `openstreetmap`. */
  service: 'google-maps' | 'openstreetmap';
  /** The hosts the visitor is told about, as the placeholder names them (one, or a list). */
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
 * Which other hosts the configured map comes from, or undefined when it needs none: Google Maps always
 * comes from Google, Leaflet's tiles from the tile URL's host, and the zip boundary files from
 * `boundaryBaseUrl`'s, each unless it is the page's own (a path, or the same host), which needs no
 * consent (docs/how-it-works.md#consent). The hosts are named as one list in the page's language.
 */
export function foreignMap(
  maps: SearchConfig['maps'],
  pageHost: string,
  boundaryBaseUrl = '',
): ForeignMap | undefined {
  const google = chooseProvider(maps) === 'google';
  const own = pageHost.toLowerCase();
  const hosts = [
    google ? GOOGLE_MAPS_HOST : templateHost(maps.tileUrl),
    templateHost(boundaryBaseUrl),
  ].filter(
    (host, index, all): host is string => host !== undefined && host !== own && all.indexOf(host) === index,
  );
  if (!hosts.length) return undefined;
  const host = new Intl.ListFormat(document.documentElement.lang || undefined).format(hosts);
  return { service: google ? 'google-maps' : 'openstreetmap', host };
}
