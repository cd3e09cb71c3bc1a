import {
  type ConsentCategory,
  MARKETING_DEFAULT,
  STATISTICS_DEFAULT,
} from '../../src/shared/consent-categories.ts';
import { categoryVerdict, onConsentApiArrival, onConsentChange } from '../../src/shared/wp-consent.ts';
// Types only: this chunk downloads on pages with the WP Consent API alone, and must not pull the
// tracker's own modules out of its chunk into a shared one that every page with the tracker downloads.
import type { ConsentSettings } from './analytics-defaults.ts';

/**
 * Runs a part of the report once its consent is given: `marketing` for events sent to an Ads account,
 * else statistics (docs/how-it-works.md#consent). Without the WP Consent API it runs at once.
 */
export type ConsentGate = (marketing: boolean, run: () => void) => void;

/**
 * The gate a page's reports pass where it runs the WP Consent API (docs/how-it-works.md#consent): each
 * part runs when its category is allowed, at once or later on this page when the visitor allows it
 * through the banner (the API's change events), and never once it is denied. What waits is held for
 * the page's life and goes with it; nothing is written to Google's Consent Mode. Where the page config
 * says the API runs but its script is still to come, everything waits for it, however late.
 */
export function consentGate(win: Window, settings: ConsentSettings, signal: AbortSignal): ConsentGate {
  const categories = {
    ads: settings.marketingCategory ?? MARKETING_DEFAULT,
    events: settings.statisticsCategory ?? STATISTICS_DEFAULT,
  };
  const held: { category: ConsentCategory; run: () => void }[] = [];
  const settle = () => {
    for (const part of [...held]) {
      const verdict = categoryVerdict(win, part.category);
      if (verdict === 'ask') continue;
      held.splice(held.indexOf(part), 1);
      if (verdict === 'allow') part.run();
    }
  };
  onConsentChange(win, signal, settle);
  onConsentApiArrival(win, signal, settle);
  return (marketing, run) => {
    if (signal.aborted) return;
    held.push({ category: marketing ? categories.ads : categories.events, run });
    settle();
  };
}
