// @ts-check
/**
 * Donation Manager's markup, as its `[donors_in_your_area]` shortcode and its pick-up dates step's
 * priority alert print it: the ids and classes every reader finds it by, written here once. The island's
 * own markup keeps the same names (a site's CSS styles both alike), so what finds the island's own parts
 * reads them here too. The manifest (widgets/islands.js) and the bundle import this module; the build
 * writes it into the plugin as markup/donation-manager.json, which the plugin's PHP reads
 * (includes/donation-manager/donation-manager-search.php). test/donation-manager-selectors.test.ts fails when one of these
 * names is written as a selector anywhere else. Each part is a module of its own beside it
 * (donation-manager-search-markup.js, donation-manager-alert-markup.js), which the bundle's code imports,
 * so that each island's chunk carries its own part and no page downloads the other's.
 *
 * Plain JavaScript, like the manifest, because Node runs the build without compiling TypeScript.
 */

import { PRIORITY_ALERT_MARKUP } from './donation-manager-alert-markup.js';
import { SEARCH_MARKUP } from './donation-manager-search-markup.js';

export { byClass, byId } from './markup-selectors.js';

export const DONATION_MANAGER_MARKUP = { search: SEARCH_MARKUP, priorityAlert: PRIORITY_ALERT_MARKUP };
