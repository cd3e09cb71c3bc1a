/**
 * Races (see docs/how-it-works.md#donors-search): any interleaving of submits and answers, some of them failures, ends with the
 * screen showing exactly the last submitted search's outcome, and the page's submit lock is released
 * only once that search has ended. The island is mounted as the runtime mounts it, on the markup an
 * admin pastes; msw answers each request only when the property says so, so every order of answers
 * (every combination of latencies) is reachable and a failing case replays and shrinks exactly.
 * A full mount per run costs ~50 ms in jsdom, so this runs 200 times (RACE_RUNS to change); the same
 * property over the search hook and reducer runs 1,000 times in search-logic-races.test.tsx.
 */
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { act } from '@testing-library/react';
import fc from 'fast-check';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { SUBMIT_LOCK_RELEASE_EVENT } from '../../src/shared/submit-lock-signal.ts';
import { mount } from '../../widgets/donors-search/index.tsx';
import { createTestContext } from '../island-context.ts';
import { answerFor, expectedScreen, type Outcome, outcome, readScreen, until, zipFor } from './race-model.ts';

vi.mock('../../widgets/donors-search/map/search-map.ts', () => ({
  createSearchMap: async () => ({ draw: async () => {}, destroy: () => {} }),
}));

const RUNS = Number(process.env.RACE_RUNS ?? 200);
const MARKUP = readFileSync(`${import.meta.dirname}/../../widgets/donors-search/markup.html`, 'utf8');

/** Requests that reached the server and wait for the property to answer them, by search number. */
const held = new Map<number, () => void>();
const outcomes = new Map<number, Outcome>();
/** Whether each answered search's request had been cancelled by the island when its answer left. */
const cancelledWhenAnswered = new Map<number, boolean>();
const server = setupServer(
  http.get('/wp-json/donations/v1/search/:zipcode/:radius/:days', async ({ params, request }) => {
    const search = Number(params.zipcode) - 10_000;
    await new Promise<void>((resolve) => held.set(search, resolve));
    cancelledWhenAnswered.set(search, request.signal.aborted);
    return answerFor(search, outcomes.get(search) as Outcome) ?? HttpResponse.error();
  }),
);

const step = fc.oneof(
  fc.record({ type: fc.constant('submit' as const), outcome, waitForRequest: fc.boolean() }),
  // `settle`: the answer reaches the screen (when its search is the current one) before the next step;
  // otherwise the next step races it.
  fc.record({ type: fc.constant('answer' as const), pick: fc.nat(), settle: fc.boolean() }),
);
const scenario = fc.record({
  steps: fc.array(step, { maxLength: 7 }),
  last: outcome,
  finalOrder: fc.array(fc.nat(), { maxLength: 8 }),
});

/** Answers one held request, chosen by `pick` among those waiting. */
function answer(pick: number): number | undefined {
  const waiting = [...held.keys()];
  const search = waiting[pick % Math.max(1, waiting.length)];
  if (search === undefined) return undefined;
  held.get(search)?.();
  held.delete(search);
  return search;
}

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // React renders on its own schedule, as on a page; the property waits for what the visitor sees.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => server.close());

test(`any interleaving of submits and answers ends showing the last search's outcome (${RUNS} runs)`, async () => {
  await fc.assert(
    fc.asyncProperty(scenario, async ({ steps, last, finalOrder }) => {
      document.body.innerHTML = MARKUP;
      // Each run starts on the page without a search in its address, as the last run left one there.
      history.replaceState(null, '', '/');
      const host = document.querySelector('[data-island="donors-search"]') as HTMLElement;
      const ctx = createTestContext('donors-search');
      const dispose = await act(async () => mount(host, ctx));
      let releases = 0;
      document.addEventListener(SUBMIT_LOCK_RELEASE_EVENT, () => releases++, { signal: ctx.signal });
      let searches = 0;
      const submit = (result: Outcome) => {
        searches++;
        outcomes.set(searches, result);
        (host.querySelector('#zipcode') as HTMLInputElement).value = zipFor(searches);
        (host.querySelector('form') as HTMLFormElement).requestSubmit();
        return searches;
      };
      try {
        await until(() => host.querySelector('form') !== null);
        for (const action of steps) {
          if (action.type === 'answer') {
            const answered = answer(action.pick);
            if (action.settle && answered !== undefined && answered === searches) {
              const shown = expectedScreen(answered, outcomes.get(answered) as Outcome);
              await until(() => isDeepStrictEqual(readScreen(host), shown));
            }
          } else {
            const search = submit(action.outcome);
            if (action.waitForRequest) await until(() => held.has(search));
          }
        }
        const lastSearch = submit(last);
        const releasesBefore = releases;
        await until(() => held.has(lastSearch));
        // From here on every older request is waiting on the server; the last submit has cancelled it.
        const older = [...held.keys()].filter((search) => search !== lastSearch);
        for (const pick of finalOrder) if (answer(pick) === lastSearch) break;
        if (held.has(lastSearch)) expect(releases - releasesBefore).toBe(0);
        while (held.size > 0) answer(0);

        const expected = expectedScreen(lastSearch, last);
        await until(() => isDeepStrictEqual(readScreen(host), expected), 2_000);
        expect(readScreen(host)).toEqual(expected);
        // Nothing older can still change the screen or end the lock: each older answer left the server
        // after the island had cancelled its request, so it never reached the island.
        await until(() => older.every((search) => cancelledWhenAnswered.has(search)));
        expect(older.map((search) => cancelledWhenAnswered.get(search))).toEqual(older.map(() => true));
        expect(readScreen(host)).toEqual(expected);
        expect(releases - releasesBefore).toBe(1);
      } finally {
        while (held.size > 0) answer(0);
        await act(async () => dispose());
        ctx.abort();
        outcomes.clear();
        cancelledWhenAnswered.clear();
      }
    }),
    { numRuns: RUNS },
  );
}, 120_000);
