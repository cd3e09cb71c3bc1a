import type { SectionParser } from './config-readers.ts';
import type { PageConfig } from './page-config.ts';
import type { MountIsland } from './types.ts';

/**
 * How one island is found on the page and how its code is loaded.
 *
 * - An island with a `selector` mounts once on every element matching it.
 * - An island with `present` mounts once per document, on `<html>`, as soon as `present(document,
 *   config)` holds; it adds page-wide behaviour and must not cost a download on a page with nothing for
 *   it to do.
 */
export type IslandDefinition =
  | { name: string; selector: string; load: () => Promise<MountIsland> }
  | {
      name: string;
      present: (doc: Document, config: PageConfig) => boolean;
      load: () => Promise<MountIsland>;
    };

const hasAnalytics = () => {
  const w = window as { gtag?: unknown; dataLayer?: unknown };
  return typeof w.gtag === 'function' || Array.isArray(w.dataLayer);
};

/** The default conversion pages (see widgets/conversion-tracker/analytics-defaults.ts), at a path's end. */
const DEFAULT_CONVERSION_PATH = /\/(thank-you|sign-up\/sign-up-complete)\/?$/;
const configuresAnalytics: SectionParser<boolean> = (json) => json.analytics !== undefined;

/**
 * Whether the conversion tracker may have something to report: the page has analytics already, or
 * analytics may still arrive (a consent manager, a late Tag Manager) on a page that can report, a
 * default conversion page or one whose config sets `analytics` (its own conversion paths, site search).
 * Everywhere else the tracker is not downloaded.
 */
const mayReport = (doc: Document, config: PageConfig) =>
  hasAnalytics() ||
  DEFAULT_CONVERSION_PATH.test(doc.location?.pathname ?? '') ||
  config.section(configuresAnalytics);

const behaviourIslands = () => import('./behaviour-islands.ts');

/**
 * Every island the bundle knows. Each `load` is a dynamic import, so a page downloads code only for
 * islands it has: donors-search (React) alone, the five small behaviour islands as one chunk.
 */
export const islands: readonly IslandDefinition[] = [
  {
    name: 'donors-search',
    selector: '[data-island="donors-search"]',
    load: () => import('../widgets/donors-search/index.tsx').then((m) => m.mount),
  },
  {
    name: 'screening-questions',
    selector: 'form[name="screening-questions"]',
    load: () => behaviourIslands().then((m) => m['screening-questions']),
  },
  {
    name: 'priority-alert',
    selector: '[data-island="priority-alert"]',
    load: () => behaviourIslands().then((m) => m['priority-alert']),
  },
  {
    name: 'lazy-background',
    selector: '[data-lazy-background]',
    load: () => behaviourIslands().then((m) => m['lazy-background']),
  },
  {
    name: 'submit-lock',
    present: (doc) => doc.querySelector('form') !== null,
    load: () => behaviourIslands().then((m) => m['submit-lock']),
  },
  {
    name: 'conversion-tracker',
    present: mayReport,
    load: () => behaviourIslands().then((m) => m['conversion-tracker']),
  },
];
