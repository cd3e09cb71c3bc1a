import type { PageCondition } from '../../widgets/islands.js';
import {
  endsWithPath,
  SIGN_UP_COMPLETE_PATH,
  setsAnalytics,
  THANK_YOU_PATH,
} from '../shared/conversion-pages.ts';
import type { PageConfig } from './page-config.ts';

const hasAnalytics = () => {
  const w = window as { gtag?: unknown; dataLayer?: unknown };
  return typeof w.gtag === 'function' || Array.isArray(w.dataLayer);
};

/**
 * The page conditions the manifest (widgets/islands.js) names, as the loader checks them. An island
 * with a page condition mounts on `<html>` once the condition holds, checked again after DOM changes.
 */
export const PAGE_CONDITIONS: Record<PageCondition, (doc: Document, config: PageConfig) => boolean> = {
  'has-form': (doc) => doc.querySelector('form') !== null,
  // The page has analytics already, or analytics may still arrive (a consent manager, a late Tag
  // Manager) on a page that can report: a default conversion page, or one whose config sets `analytics`
  // (its own conversion paths, site search). Everywhere else the tracker is not downloaded.
  'may-report': (_doc, config) =>
    hasAnalytics() ||
    [THANK_YOU_PATH, SIGN_UP_COMPLETE_PATH].some((path) => endsWithPath(location.pathname, path)) ||
    config.section(setsAnalytics),
};
