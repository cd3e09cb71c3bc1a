/**
 * The boundary tool's requests to the site: one route, each step of a run a POST with the REST nonce.
 * Every failure becomes a SiteError carrying the site's own words (its WP_Error message, which names
 * the file it refused) and whether asking again may help; an abort is passed on untouched.
 */
import type { SetLimits } from './tool-config.ts';

/** A file or a piece of one, as the route takes it: `at` is the bytes of the file sent before it. */
export interface Piece {
  name: string;
  text: string;
  at: number;
  end: boolean;
}

/** What the route says the site serves, after a run is published. */
export interface SiteStatus {
  status: string[];
  limits: SetLimits;
}

export class SiteError extends Error {
  constructor(
    message: string,
    /** The HTTP status, 0 when no answer came. */
    readonly status: number,
    /** The site's error code, when it answered with one. */
    readonly code: string,
  ) {
    super(message);
    this.name = 'SiteError';
  }

  /**
   * A failure of the way there (no answer, a proxy or server error), or the site still at work on the
   * run's request before (the same batch, sent again after a timeout): not the site's refusal.
   */
  get transient(): boolean {
    return (
      this.status === 0 ||
      (this.status >= 500 && this.code === '') ||
      (this.status === 409 && this.code === 'donation_widgets_boundary_busy')
    );
  }

  /** The body was too big for the server in front of WordPress (its own 413, not the route's). */
  get tooLarge(): boolean {
    return this.status === 413 && this.code === '';
  }
}

export function siteClient({ route, nonce }: { route: string; nonce: string }, fetchImpl = fetch) {
  async function post<T>(body: object, signal?: AbortSignal): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(route, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-WP-Nonce': nonce },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new SiteError(String((error as Error)?.message ?? error), 0, '');
    }
    const answer = (await response.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
    if (!response.ok) {
      const code = typeof answer?.code === 'string' ? answer.code : '';
      const message = typeof answer?.message === 'string' ? answer.message : `HTTP ${response.status}`;
      throw new SiteError(message, response.status, code);
    }
    return answer as T;
  }
  return {
    begin: (signal?: AbortSignal) =>
      post<{ run: string }>({ action: 'begin' }, signal).then(({ run }) => run),
    send: (run: string, files: Piece[], signal?: AbortSignal) =>
      post<{ received: number }>({ action: 'send', run, files }, signal),
    finish: (run: string, only: string, signal?: AbortSignal) =>
      post<SiteStatus>({ action: 'finish', run, only }, signal),
    cancel: (run: string) => post<{ cancelled: boolean }>({ action: 'cancel', run }),
  };
}

export type SiteClient = ReturnType<typeof siteClient>;
