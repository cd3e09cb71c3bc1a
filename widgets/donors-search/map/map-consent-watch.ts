import {
  allowService,
  onConsentApiArrival,
  onConsentChange,
  serviceVerdict,
} from '../../../src/shared/wp-consent.ts';
import { type ForeignMap, foreignMap } from './map-consent.ts';
import type { SearchConfig } from './search-config.ts';

/**
 * Tells `changed` whether the map waits for consent, now and after each of the WP Consent API's
 * events, until `signal` aborts: the other host it waits for, or undefined once it may load (a yes for
 * the map's service or for its category). Until the API's script arrives, however late, the map waits.
 * Downloaded with a page's first results, by pages that run the API alone.
 */
export function watchMapConsent(
  win: Window,
  { maps, boundaryBaseUrl }: SearchConfig,
  signal: AbortSignal,
  changed: (waiting: ForeignMap | undefined) => void,
): void {
  const foreign = foreignMap(maps, win.location.host, boundaryBaseUrl);
  const check = () =>
    changed(
      foreign && serviceVerdict(win, foreign.service, maps.consentCategory) !== 'allow' ? foreign : undefined,
    );
  check();
  if (!foreign) return;
  onConsentChange(win, signal, check);
  onConsentApiArrival(win, signal, check);
}

/** Records the visitor's yes to the map's service through the API, as the placeholder's button says. */
export const allowMap = (win: Window, foreign: ForeignMap): void => allowService(win, foreign.service);
