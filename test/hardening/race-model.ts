/**
 * The race property's model: what each search is answered with, and what the screen must show when
 * that search is the last one submitted.
 */

import fc from 'fast-check';
import { HttpResponse } from 'msw';
import { DEFAULT_SITE_DATES, siteDate } from '../../widgets/donors-search/results/php-date.js';

export type Outcome =
  | { kind: 'results'; rows: number }
  | { kind: 'errors'; messages: number }
  | { kind: 'http500' }
  | { kind: 'network' }
  | { kind: 'null' };

export const outcome: fc.Arbitrary<Outcome> = fc.oneof(
  fc.record({ kind: fc.constant('results' as const), rows: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ kind: fc.constant('errors' as const), messages: fc.integer({ min: 1, max: 2 }) }),
  fc.constantFrom<Outcome>({ kind: 'http500' }, { kind: 'network' }, { kind: 'null' }),
);

/** Each search asks for its own zip code, so an answer names the search it belongs to. */
export const zipFor = (search: number) => String(10_000 + search);

const row = (search: number, k: number) => [
  `${search}0${k}`,
  `Search ${search} item ${k}`,
  zipFor(search),
  `2025-06-0${k + 1} 10:00:00`,
];
const message = (search: number, k: number) => `Search ${search} failed (${k}).`;
const error = (text: string) => `ERROR: ${text} Please try another search.`;

/** The route's answer for a search, shaped as the mock server (and WordPress) answers. */
export function answerFor(search: number, result: Outcome): Response | undefined {
  switch (result.kind) {
    case 'results': {
      const donations = Array.from({ length: result.rows }, (_, k) => {
        const [number, title, zipcode, date] = row(search, k);
        return { number, title, zipcode, date, coordinates: { lat: 40.75, lng: -73.99 } };
      });
      return HttpResponse.json({
        request: { zipcode: zipFor(search), radius: '15', days: '30' },
        coordinates: { lat: 40.75, lng: -73.99 },
        donations_by_zipcode: result.rows > 0 ? { [zipFor(search)]: result.rows } : [],
        data: { donations },
      });
    }
    case 'errors':
      return HttpResponse.json({
        errors: { search: Array.from({ length: result.messages }, (_, k) => message(search, k)) },
        error_data: [],
      });
    case 'http500':
      return new HttpResponse('<html><body>There has been a critical error.</body></html>', {
        status: 500,
        headers: { 'Content-Type': 'text/html' },
      });
    case 'null':
      return HttpResponse.json(null);
    case 'network':
      return undefined;
  }
}

/**
 * What the visitor sees. The island never disables Search itself (the page's submit lock does, and
 * gives it back when the island releases it), so the property checks the release, not the button.
 */
export interface Screen {
  status: string[];
  /** The results alert's zip code, or null while it is hidden. */
  zipcode: string | null;
  rows: string[][];
}

export function expectedScreen(search: number, result: Outcome): Screen {
  const ended = { zipcode: null, rows: [] };
  switch (result.kind) {
    case 'results':
      return {
        status: [],
        zipcode: zipFor(search),
        // The date as the island writes it by default: WordPress's formats in American English.
        rows: Array.from({ length: result.rows }, (_, k) => {
          const [number, title, zipcode, date] = row(search, k) as [string, string, string, string];
          return [number, title, zipcode, siteDate(date, DEFAULT_SITE_DATES).text];
        }),
      };
    case 'errors':
      return {
        ...ended,
        status: Array.from({ length: result.messages }, (_, k) => error(message(search, k))),
      };
    case 'http500':
      // A server error is no fault of the zip: the advice is to try again later.
      return {
        ...ended,
        status: ['ERROR: The server answered with an error (HTTP 500). Please try again later.'],
      };
    case 'network':
      return {
        ...ended,
        status: ['ERROR: The server could not be reached. Please check your connection and search again.'],
      };
    case 'null':
      return { ...ended, status: [error('The server sent an empty answer.')] };
  }
}

export function readScreen(host: Element): Screen {
  const alert = host.querySelector<HTMLElement>('.alert-donors');
  return {
    status: Array.from(host.querySelectorAll('.alert-before p'), (line) => line.textContent ?? ''),
    zipcode: alert && !alert.hidden ? (host.querySelector('#display_zipcode')?.textContent ?? '') : null,
    rows: Array.from(
      host.querySelectorAll<HTMLTableRowElement>('#donors-in-your-area-table tbody tr'),
      (tr) => Array.from(tr.cells, (cell) => cell.textContent ?? ''),
    ),
  };
}

/** Lets macrotasks run (fetch, msw, React's scheduler) until `done` holds or `ms` have passed. */
export async function until(done: () => boolean, ms = 1_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 0));
}
