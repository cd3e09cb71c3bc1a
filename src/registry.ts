import type { MountIsland } from './types.ts';

/**
 * How one island is found on the page and how its code is loaded.
 *
 * - `element` islands mount once on every element matching `selector`.
 * - `page` islands mount once per document, on `<html>`, while `present(document)` holds; they add
 *   page-wide behaviour and must not cost a download on pages that have nothing for them to do.
 */
export type IslandDefinition =
  | { name: string; scope: 'element'; selector: string; load: () => Promise<MountIsland> }
  | { name: string; scope: 'page'; present: (doc: Document) => boolean; load: () => Promise<MountIsland> };

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
    scope: 'element',
    selector: '[data-island="donors-search"]',
    load: () => import('../widgets/donors-search/index.tsx').then((m) => m.mount),
  },
  {
    name: 'screening-questions',
    scope: 'element',
    selector: 'form[name="screening-questions"]',
    load: () => behaviourIslands().then((m) => m.screeningQuestions),
  },
  {
    name: 'priority-alert',
    scope: 'element',
    selector: '[data-island="priority-alert"]',
    load: () => behaviourIslands().then((m) => m.priorityAlert),
  },
  {
    name: 'lazy-background',
    scope: 'element',
    selector: '[data-lazy-background]',
    load: () => behaviourIslands().then((m) => m.lazyBackground),
  },
  {
    name: 'submit-lock',
    scope: 'page',
    present: (doc) => doc.querySelector('form') !== null,
    load: () => behaviourIslands().then((m) => m.submitLock),
  },
  {
    // Reporting needs somewhere to report to; a page without gtag or a dataLayer has nothing for it to do.
    name: 'conversion-tracker',
    scope: 'page',
    present: hasAnalytics,
    load: () => behaviourIslands().then((m) => m.conversionTracker),
  },
];
