import { RestError } from '../../src/rest-error.ts';

/** SPEC §9: the status text while a search runs. */
export const WORKING_TEXT = 'Working...';

/** SPEC §9: the label of the Search button, enabled again once a search has ended. */
export const SEARCH_LABEL = 'Search';

/** SPEC §9: how each error message is shown in the status area. */
export function formatError(message: string): string {
  return `ERROR: ${message} Please try another search.`;
}

const FALLBACK = 'The search failed.';

/**
 * The message a failed request shows. RestError messages are written for visitors by the REST client
 * (timeouts, HTML error pages, WordPress's `{code, message}`); anything else thrown during a search is
 * a bug, so it gets a generic message and is reported by the caller.
 */
export function failureMessage(error: unknown): string {
  if (!(error instanceof RestError)) return FALLBACK;
  return error.message.trim() ? error.message : FALLBACK;
}
