/**
 * Every page of the demo site, found the way a visitor finds them: by following the links of its
 * pages from the home page (the menu lists every island's page, the conversion pages and the site
 * search), so a page added to the demo is audited without a list here to keep up.
 */

/**
 * The demo's pages that no link reaches: the donors search far below the fold is a measuring page of
 * the bench and the budgets, not part of the menu.
 */
export const UNLINKED_PAGES = ['/islands/donors-search/below-the-fold/'];

/** Files the demo serves beside its pages (the bundle, the REST routes, images, stylesheets). */
const NOT_A_PAGE = /^\/(dist|wp-json|wp-admin|zipcodes)\/|\.[a-z0-9]+$/i;

/**
 * The same-site page addresses (path and query, no fragment) that `html` links to.
 * @param {string} html
 * @param {string} pageUrl the address `html` was served from, to resolve relative links
 */
export function pageLinks(html, pageUrl) {
  const { origin } = new URL(pageUrl);
  const links = [];
  for (const [, href] of html.matchAll(/<a\s[^>]*href="([^"]*)"/g)) {
    const url = new URL(href.replace(/&amp;/g, '&'), pageUrl);
    if (url.origin !== origin || NOT_A_PAGE.test(url.pathname)) continue;
    links.push(url.pathname + url.search);
  }
  return links;
}

/**
 * Follows links from `/` through every page it reaches, and returns each page once (path and query),
 * in the order found, with UNLINKED_PAGES after them. A link that answers anything but a 200 HTML page
 * fails: the demo's own links must all work.
 * @param {string} baseUrl the mock server
 * @returns {Promise<string[]>}
 */
export async function demoPages(baseUrl) {
  const found = ['/'];
  for (let i = 0; i < found.length; i++) {
    const url = new URL(found[i], baseUrl).href;
    const response = await fetch(url);
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.startsWith('text/html'))
      throw new Error(`the demo links to ${found[i]}, which answers ${response.status} ${type}`);
    for (const link of pageLinks(await response.text(), url)) if (!found.includes(link)) found.push(link);
  }
  return [...found, ...UNLINKED_PAGES.filter((page) => !found.includes(page))];
}
