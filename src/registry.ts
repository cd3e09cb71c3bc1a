import type { MountIsland } from './types.ts';

/**
 * How one island is found on the page and how its code is loaded.
 *
 * - An island with a `selector` mounts once on every element matching it.
 * - An island with `present` mounts once per document, on `<html>`, as soon as `present(document)`
 *   holds; it adds page-wide behaviour and must not cost a download on a page with nothing for it to do.
 */
export type IslandDefinition =
  | { name: string; selector: string; load: () => Promise<MountIsland> }
  | { name: string; present: (doc: Document) => boolean; load: () => Promise<MountIsland> };

const hasAnalytics = () => {
  const w = window as { gtag?: unknown; dataLayer?: unknown };
  return typeof w.gtag === 'function' || Array.isArray(w.dataLayer);
};

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
    // Reporting needs somewhere to report to; a page without gtag or a dataLayer has nothing for it to do.
    name: 'conversion-tracker',
    present: hasAnalytics,
    load: () => behaviourIslands().then((m) => m['conversion-tracker']),
  },
];
