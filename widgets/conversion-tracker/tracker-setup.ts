import type { IslandContext } from '../../src/shared/island.ts';
import { hasConsentApi } from '../../src/shared/wp-consent.ts';
import { analyticsParser } from './analytics-config.ts';
// Types only: the defaults come in as an argument, so that this lazily loaded chunk and the tracker's
// own do not split them into a third file that every page with the tracker would download.
import type { AnalyticsConfig } from './analytics-defaults.ts';
import { type ConsentGate, consentGate } from './consent-gate.ts';

/** What the tracker knew of the page when it mounted. */
export interface PageSetup {
  /** The page config sets `analytics`. */
  configured: boolean;
  /** The page config says the site runs the WP Consent API, whose script may still be to come. */
  consentApi: boolean;
}

/**
 * What a page that configures `analytics`, or runs the WP Consent API, reports with: its validated
 * section (or the defaults) and the gate each part passes. Without the API, or when the admin lets the
 * site's own tag decide, the gate lets everything through at once, as the tracker always did.
 */
export function setUp(
  win: Window,
  ctx: IslandContext,
  { configured, consentApi }: PageSetup,
  defaults: AnalyticsConfig,
): [AnalyticsConfig, ConsentGate] {
  // Made here, not kept by the module: the tracker mounts once a page (on <html>), so the section is
  // still validated once, and nothing outlives the page.
  const analytics = configured ? ctx.section(analyticsParser(defaults)) : defaults;
  const gate: ConsentGate =
    analytics.consent !== 'tag' && (consentApi || hasConsentApi(win))
      ? consentGate(win, analytics, ctx.signal)
      : (_marketing, run) => run();
  return [analytics, gate];
}
