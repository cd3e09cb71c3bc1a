import { isRecord } from '../../../src/shared/config-readers.ts';
import { toRestError } from '../../../src/shared/rest-error.ts';
import type { SearchTexts } from '../search-words.ts';
import { answerFailure, type PrintedAnswer } from './answer-rules.js';
import { decodeResponse } from './decode-response.ts';
import type { SearchQuery } from './donation.ts';
import { decodeTexts, failureAdvice, failureMessage } from './failure-rules.ts';
import { initialSearchState, type SearchState, searchReducer } from './search-state.ts';

const isQuery = (value: unknown): value is SearchQuery =>
  isRecord(value) && ['zipcode', 'radius', 'days'].every((key) => typeof value[key] === 'string');

/** The route's answer the printed search carries in the host (answer-rules.js says its shape), or undefined when it has none or it cannot be read. */
export function printedAnswer(host: Element): PrintedAnswer | undefined {
  const script = host.querySelector(':scope > script.donors-search-answer[type="application/json"]');
  if (!script) return undefined;
  try {
    const json: unknown = JSON.parse(script.textContent ?? '');
    if (isRecord(json) && isQuery(json.query) && typeof json.status === 'number')
      return {
        query: json.query,
        status: json.status,
        body: json.body,
        ...(json.error === 'invalid_json' && { error: json.error }),
      };
  } catch {
    // A page cut short or edited by hand: the island asks the route instead.
  }
  return undefined;
}

/**
 * The state a printed answer puts the search in, read exactly as the route's answer to a request
 * would be (the same checks, the same error lines), without a request and without a working state
 * ever being shown.
 */
export function stateOfAnswer(answer: PrintedAnswer, texts: SearchTexts): SearchState {
  const { query, status, body } = answer;
  const working = searchReducer(initialSearchState, { type: 'submit', requestId: 1, query });
  const failure = answerFailure(answer);
  if (!failure) {
    const decoded = decodeResponse(body, decodeTexts(texts));
    return searchReducer(
      working,
      decoded.ok
        ? { type: 'succeed', requestId: 1, results: decoded.results }
        : { type: 'fail', requestId: 1, messages: decoded.messages },
    );
  }
  const restError = toRestError({ ...failure, data: { status } });
  return searchReducer(working, {
    type: 'fail',
    requestId: 1,
    messages: [failureMessage(restError, query, texts)],
    advice: failureAdvice(restError, query, texts),
  });
}
