import type { PageCondition } from '../../widgets/islands.js';

/**
 * The page conditions the manifest (widgets/islands.js) names, as the loader checks them. An island
 * with a page condition mounts on `<html>` once the condition holds, checked again after DOM changes.
 */
export const PAGE_CONDITIONS: Record<PageCondition, (doc: Document) => boolean> = {
  'has-form': (doc) => doc.querySelector('form') !== null,
  // Reporting needs somewhere to report to; a page without gtag or a dataLayer has nothing for it to do.
  'has-analytics': () => {
    const w = window as { gtag?: unknown; dataLayer?: unknown };
    return typeof w.gtag === 'function' || Array.isArray(w.dataLayer);
  },
};
