/**
 * Races in the search logic (docs/how-it-works.md#races), at 1,000 runs: the island's real `useDonorSearch`
 * hook and reducer, with the request replaced by one whose answer the property releases at will. Any
 * interleaving of submits and answers (successes, the route's errors, failed requests, bugs; requests that
 * honour the abort and ones that answer anyway) keeps the state on the newest search at every step, ends with
 * exactly its outcome, and releases the submit lock only once it has ended.
 */
import { act, renderHook } from '@testing-library/react';
import fc from 'fast-check';
import { RestError } from '../../src/shared/rest-error.ts';
import { SUBMIT_LOCK_RELEASE_EVENT } from '../../src/shared/submit-lock-signal.ts';
import type { Decoded } from '../../widgets/donors-search/search/decode-response.ts';
import type { SearchQuery } from '../../widgets/donors-search/search/donation.ts';
import type { SearchState } from '../../widgets/donors-search/search/search-state.ts';
import { useDonorSearch } from '../../widgets/donors-search/search/use-donor-search.ts';
import { createTestContext } from '../island-context.ts';

const RUNS = Number(process.env.RACE_LOGIC_RUNS ?? 1_000);

type Answer =
  | { kind: 'results'; rows: number }
  | { kind: 'errors'; messages: string[] }
  | { kind: 'failure'; code: string; message: string }
  | { kind: 'bug' };

const answerArb: fc.Arbitrary<Answer> = fc.oneof(
  fc.record({ kind: fc.constant('results' as const), rows: fc.nat(3) }),
  fc.record({
    kind: fc.constant('errors' as const),
    messages: fc.array(fc.string(), { minLength: 1, maxLength: 2 }),
  }),
  fc.record({
    kind: fc.constant('failure' as const),
    code: fc.constantFrom('fetch_error', 'timeout', 'http_error'),
    message: fc.constantFrom('The server took too long to answer.', 'Nope.'),
  }),
  fc.constant({ kind: 'bug' as const }),
);

/** A request the property answers when it likes; `honoursAbort: false` answers even once aborted. */
interface Pending {
  search: number;
  answer: Answer;
  honoursAbort: boolean;
  settle?: () => void;
}
// Search n asks zip 10000 + n: five digits, since a zip that cannot be one never reaches the request.
const zipOf = (search: number) => String(10000 + search);
const pending = new Map<number, Pending>();
let submitted: Pending[] = [];

const decoded = (search: number, answer: Answer): Decoded | Error => {
  if (answer.kind === 'results') {
    const donations = Array.from({ length: answer.rows }, (_, k) => ({
      number: `${search}-${k}`,
      title: `Search ${search}`,
      zipcode: String(search),
      date: '2025-06-01 10:00:00',
    }));
    return { ok: true, results: { center: { lat: 1, lng: 2 }, donations, countsByZip: new Map() } };
  }
  if (answer.kind === 'errors') return { ok: false, messages: answer.messages };
  if (answer.kind === 'failure') return new RestError(answer.code, answer.message);
  return new TypeError('a bug in the decoder');
};

vi.mock('../../widgets/donors-search/search/search-request.ts', () => ({
  searchDonations: (query: SearchQuery, { signal }: { signal: AbortSignal }) =>
    new Promise((resolve, reject) => {
      const request = submitted[Number(query.zipcode) - 10001] as Pending;
      if (request.honoursAbort) signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      request.settle = () => {
        const outcome = decoded(request.search, request.answer);
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      pending.set(request.search, request);
    }),
}));

/** What the state must be once search `search` has ended with `answer`. */
function ended(search: number, answer: Answer): Partial<SearchState> {
  const outcome = decoded(search, answer);
  if (outcome instanceof RestError) return { status: 'error', messages: [outcome.message] };
  if (outcome instanceof Error) return { status: 'error', messages: ['The search failed.'] };
  if (outcome.ok) return { status: 'results', results: outcome.results };
  return { status: 'error', messages: outcome.messages };
}

const step = fc.oneof(
  fc.record({ type: fc.constant('submit' as const), answer: answerArb, honoursAbort: fc.boolean() }),
  fc.record({ type: fc.constant('answer' as const), pick: fc.nat() }),
);

test(`the search state follows the newest search through any interleaving (${RUNS} runs)`, async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(step, { minLength: 1, maxLength: 12 }),
      fc.array(fc.nat()),
      async (steps, finalPicks) => {
        submitted = [];
        pending.clear();
        const ctx = createTestContext('donors-search');
        let releases = 0;
        document.addEventListener(SUBMIT_LOCK_RELEASE_EVENT, () => releases++, { signal: ctx.signal });
        const { result, unmount } = renderHook(() => useDonorSearch(ctx));
        let releasesAtLastSubmit = 0;
        const flush = () =>
          act(async () => {
            for (let tick = 0; tick < 5; tick++) await null;
          });
        const answer = async (pick: number) => {
          const waiting = [...pending.values()];
          const request = waiting[pick % Math.max(1, waiting.length)];
          if (!request) return;
          pending.delete(request.search);
          request.settle?.();
          await flush();
        };
        const check = () => {
          const last = submitted.at(-1);
          if (!last) return expect(result.current.state.status).toBe('idle');
          const { state } = result.current;
          expect(state.requestId).toBe(submitted.length);
          expect('query' in state && state.query.zipcode).toBe(zipOf(last.search));
          if (pending.has(last.search)) {
            expect(state.status).toBe('working');
            expect(releases - releasesAtLastSubmit).toBe(0);
          } else {
            expect(state).toMatchObject(ended(last.search, last.answer));
            expect(releases - releasesAtLastSubmit).toBeGreaterThanOrEqual(1);
          }
        };
        try {
          for (const action of [...steps, ...finalPicks.map((pick) => ({ type: 'answer' as const, pick }))]) {
            if (action.type === 'submit') {
              const request: Pending = { search: submitted.length + 1, ...action };
              submitted.push(request);
              releasesAtLastSubmit = releases;
              // Not awaited: a search's promise settles only when the property answers it.
              await act(async () => {
                void result.current.search({ zipcode: zipOf(request.search), radius: '15', days: '30' });
              });
              await flush();
            } else await answer(action.pick);
            check();
          }
          while (pending.size > 0) await answer(0);
          check();
        } finally {
          unmount();
          ctx.abort();
        }
      },
    ),
    { numRuns: RUNS },
  );
}, 120_000);
