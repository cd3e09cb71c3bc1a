import { isRecord } from '../../../src/shared/config-readers.ts';
import { SEARCH_TEXT_DEFAULTS } from '../english-texts.js';
import type { Donation, LatLng, SearchResults } from './donation.ts';

/** A decoded answer: the results to show, or the messages to show instead. */
export type Decoded = { ok: true; results: SearchResults } | { ok: false; messages: string[] };

/** Texts for answers that are not what the route promises; each names what was wrong. */
export const DECODE_MESSAGES = {
  empty: SEARCH_TEXT_DEFAULTS.emptyAnswer,
  notAnObject: SEARCH_TEXT_DEFAULTS.unreadableAnswer,
  errorWithoutMessage: SEARCH_TEXT_DEFAULTS.errorWithoutMessage,
  noCoordinates: SEARCH_TEXT_DEFAULTS.noCoordinates,
  noDonations: SEARCH_TEXT_DEFAULTS.noDonations,
};

/** The texts for an answer that is not what the route promises: DECODE_MESSAGES, or the site's translations. */
export type DecodeMessages = { readonly [K in keyof typeof DECODE_MESSAGES]: string };

/** Server values become text, never markup; anything that is not a scalar reads as empty. */
export function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** A finite number, accepting numeric strings because PHP often serialises floats as strings. */
function toNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

/** `{lat, lng}` within the globe's range, or undefined for `false`, a missing value or nonsense. */
export function toLatLng(value: unknown): LatLng | undefined {
  if (!isRecord(value)) return undefined;
  const lat = toNumber(value.lat);
  const lng = toNumber(value.lng);
  if (lat === undefined || lng === undefined || Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
  return { lat, lng };
}

/**
 * Messages from WordPress's `errors` field: an object of message lists keyed by property (PHP's
 * WP_Error), where a list may also be a single string; an empty one may arrive as `[]`.
 */
export function errorMessages(errors: unknown, texts: DecodeMessages = DECODE_MESSAGES): string[] {
  if (errors === undefined || errors === null || errors === false || errors === '') return [];
  const groups = isRecord(errors) ? Object.values(errors) : Array.isArray(errors) ? errors : [errors];
  if (groups.length === 0) return [];
  const messages = groups.flatMap((group) => (Array.isArray(group) ? group : [group])).map(toText);
  const readable = messages.filter((message) => message.trim() !== '');
  return readable.length > 0 ? readable : [texts.errorWithoutMessage];
}

function toDonation(item: unknown): Donation | undefined {
  if (!isRecord(item)) return undefined;
  const position = toLatLng(item.coordinates);
  return {
    number: toText(item.number),
    title: toText(item.title),
    zipcode: toText(item.zipcode),
    date: toText(item.date),
    ...(position && { position }),
  };
}

/** The server's counts per zip, completed by counting the donations of every zip it left out. */
export function countByZip(byZip: unknown, donations: readonly Donation[]): Map<string, number> {
  const counts = new Map<string, number>();
  if (isRecord(byZip)) {
    for (const [zip, value] of Object.entries(byZip)) {
      const count = toNumber(value);
      if (count !== undefined && count >= 0) counts.set(zip, count);
    }
  }
  const computed = new Map<string, number>();
  for (const { zipcode } of donations) {
    if (zipcode && !counts.has(zipcode)) computed.set(zipcode, (computed.get(zipcode) ?? 0) + 1);
  }
  for (const [zip, count] of computed) counts.set(zip, count);
  return counts;
}

/**
 * Turns whatever the search route answered into results or error messages. The route's own errors
 * win; then the answer must at least say where the zip code is and list the donations (possibly
 * none). Items that are not objects are dropped; every kept field is text. `texts` words what was wrong.
 */
export function decodeResponse(json: unknown, texts: DecodeMessages = DECODE_MESSAGES): Decoded {
  if (json === null || json === undefined || json === '') return { ok: false, messages: [texts.empty] };
  if (!isRecord(json)) return { ok: false, messages: [texts.notAnObject] };
  const messages = errorMessages(json.errors, texts);
  if (messages.length > 0) return { ok: false, messages };
  const center = toLatLng(json.coordinates);
  if (!center) return { ok: false, messages: [texts.noCoordinates] };
  const items = isRecord(json.data) ? json.data.donations : undefined;
  if (!Array.isArray(items)) return { ok: false, messages: [texts.noDonations] };
  const donations = items.flatMap((item) => toDonation(item) ?? []);
  return {
    ok: true,
    results: { center, donations, countsByZip: countByZip(json.donations_by_zipcode, donations) },
  };
}
