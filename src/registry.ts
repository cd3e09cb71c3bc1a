import type { IslandModule } from './types.ts';

/**
 * How one island is found on the page and how its code is loaded.
 *
 * - `element` islands mount once on every element matching `selector`.
 * - `page` islands mount once per document, on `<html>`, while `present(document)` holds; they add
 *   page-wide behaviour and must not cost a download on pages that have nothing for them to do.
 */
export type IslandDefinition =
  | { name: string; scope: 'element'; selector: string; load: () => Promise<IslandModule> }
  | { name: string; scope: 'page'; present: (doc: Document) => boolean; load: () => Promise<IslandModule> };

const hasAnalytics = () => {
  const w = window as { gtag?: unknown; dataLayer?: unknown };
  return typeof w.gtag === 'function' || Array.isArray(w.dataLayer);
};

/**
 * Every island the bundle knows. Each `load` is a separate dynamic import so esbuild emits one chunk
 * per island and a page downloads only the chunks of the islands it has.
 */
export const islands: readonly IslandDefinition[] = [
  {
    name: 'donors-search',
    scope: 'element',
    selector: '[data-island="donors-search"]',
    load: () => import('../widgets/donors-search/index.tsx'),
  },
  {
    name: 'screening-questions',
    scope: 'element',
    selector: 'form[name="screening-questions"]',
    load: () => import('../widgets/screening-questions/index.ts'),
  },
  {
    name: 'priority-alert',
    scope: 'element',
    selector: '[data-island="priority-alert"]',
    load: () => import('../widgets/priority-alert/index.ts'),
  },
  {
    name: 'lazy-background',
    scope: 'element',
    selector: '[data-lazy-background]',
    load: () => import('../widgets/lazy-background/index.ts'),
  },
  {
    name: 'submit-lock',
    scope: 'page',
    present: (doc) => doc.querySelector('form') !== null,
    load: () => import('../widgets/submit-lock/index.ts'),
  },
  {
    // Reporting needs somewhere to report to; a page without gtag or a dataLayer has nothing for it to do.
    name: 'conversion-tracker',
    scope: 'page',
    present: hasAnalytics,
    load: () => import('../widgets/conversion-tracker/index.ts'),
  },
];
