import { isRecord } from '../../../src/shared/config-readers.ts';
import {
  checkAnswer,
  DECODE_MESSAGES,
  type DecodeMessages,
  toLatLng,
  toNumber,
  toText,
} from './answer-rules.js';
import type { Donation, SearchResults } from './donation.ts';

/** A decoded answer: the results to show, or the messages to show instead. */
export type Decoded = { ok: true; results: SearchResults } | { ok: false; messages: string[] };

export type { DecodeMessages } from './answer-rules.js';

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
 * Turns whatever the search route answered into results or error messages, by answer-rules.js's checks:
 * the route's own errors win; then the answer must at least say where the zip code is and list the
 * donations (possibly none). Items that are not objects are dropped; every kept field is text. `texts`
 * words what was wrong.
 */
export function decodeResponse(json: unknown, texts: DecodeMessages = DECODE_MESSAGES): Decoded {
  const checked = checkAnswer(json, texts);
  if (!checked.ok) return checked;
  const donations = checked.items.flatMap((item) => toDonation(item) ?? []);
  return {
    ok: true,
    results: {
      center: checked.center,
      donations,
      countsByZip: countByZip(checked.answer.donations_by_zipcode, donations),
    },
  };
}
