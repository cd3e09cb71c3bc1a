import type { RestClient } from '../../../src/shared/rest-client.ts';
import { type Decoded, type DecodeMessages, decodeResponse } from './decode-response.ts';
import type { SearchQuery } from './donation.ts';

/**
 * One path segment for any input. `encodeURIComponent` covers `/`, `?` and `#`, but URL parsers treat
 * `.`, `..` and their `%2E` spellings as dot segments and resolve them away, so those are encoded
 * twice: the server then receives a literal that matches no route and answers `rest_no_route`.
 */
export function pathSegment(value: string): string {
  return /^\.{1,2}$/.test(value) ? value.replaceAll('.', '%252E') : encodeURIComponent(value);
}

/**
 * The route's path for a query. The server validates the values (docs/how-it-works.md#the-form); each one is
 * a single path segment, so no input can change which route is asked.
 */
export function searchPath({ zipcode, radius, days }: SearchQuery): string {
  return `donations/v1/search/${[zipcode, radius, days].map(pathSegment).join('/')}`;
}

/**
 * Asks the search route through the page's REST client and decodes the answer. Rejects with the
 * client's RestError for a failed request and with the AbortError when `signal` aborts.
 */
export async function searchDonations(
  query: SearchQuery,
  { client, signal, texts }: { client: RestClient; signal: AbortSignal; texts?: DecodeMessages },
): Promise<Decoded> {
  return decodeResponse(await client.get(searchPath(query), { signal }), texts);
}
