import { useCallback, useEffect, useRef, useState } from 'react';
import type { ForeignMap } from './map-consent.ts';
import type { SearchConfig } from './search-config.ts';

/** Whether the map may load, and how the visitor lets it. */
export interface MapConsent {
  /** Whether the map may load now. */
  allowed: boolean;
  /** The other host the map waits for consent to ask, while the placeholder shows. */
  waiting: ForeignMap | undefined;
  /** The consent check could not download: the map stays back, and its place says it could not load. */
  failed: boolean;
  /** The visitor's "Load the map": recorded through the WP Consent API for the map's service, then loaded. */
  allow(): void;
}

type Check = typeof import('./map-consent-watch.ts');

/**
 * Holds a map from another host (its tiles, Google's script, or the zip boundary files) until the
 * visitor consents, where the page runs the WP Consent API (docs/how-it-works.md#consent): a yes for
 * the map's service or for its category, given before or on this page (through the banner, or the
 * placeholder's button). A page without the API loads the map as it always has and downloads none of
 * this; one with it (its `wp_has_consent`, or the page config's `consentApi` while its script is still
 * to come) downloads the check (map-consent-watch.ts) once the map is `needed`, with the first results.
 * A check that cannot download keeps the map back and is reported through `report`.
 */
export function useMapConsent(
  config: SearchConfig,
  needed: boolean,
  report: (error: unknown) => void,
  win: Window = window,
): MapConsent {
  const api = config.consentApi || typeof (win as { wp_has_consent?: unknown }).wp_has_consent === 'function';
  const [state, setState] = useState<{ known: boolean; waiting?: ForeignMap; failed?: boolean }>({
    known: !api,
  });
  const check = useRef<Check | undefined>(undefined);
  const pressed = useRef(false);
  useEffect(() => {
    if (!api || !needed) return;
    const controller = new AbortController();
    import('./map-consent-watch.ts')
      .then((module) => {
        check.current = module;
        if (controller.signal.aborted) return;
        module.watchMapConsent(win, config, controller.signal, (waiting) =>
          setState({ known: true, waiting: pressed.current ? undefined : waiting }),
        );
      })
      .catch((error: unknown) => {
        report(error);
        setState({ known: false, failed: true });
      });
    return () => controller.abort();
  }, [api, needed, config, win, report]);
  const allow = useCallback(() => {
    // Loaded on the press itself, even where the API cannot record a service's consent.
    pressed.current = true;
    if (state.waiting) check.current?.allowMap(win, state.waiting);
    setState({ known: true });
  }, [state.waiting, win]);
  return { allowed: state.known && !state.waiting, waiting: state.waiting, failed: !!state.failed, allow };
}
