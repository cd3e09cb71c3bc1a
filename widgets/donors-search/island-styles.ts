type StyledRoot = Document | ShadowRoot;
const adopted = new WeakMap<StyledRoot, Set<string>>();

/**
 * Adds `css` once to the root `node` lives in: the document, or the shadow root an island was mounted
 * in (`donationWidgets.mount(shadowRoot)`), where the document's styles do not reach. A constructable
 * stylesheet: no `<style>` element, so nothing in the page's markup changes and a CSP that forbids
 * inline styles has nothing to forbid.
 */
export function adoptStyles(node: Node, css: string): void {
  const root = node.getRootNode();
  if (!('adoptedStyleSheets' in root)) return;
  const styled = root as StyledRoot;
  const done = adopted.get(styled) ?? new Set<string>();
  adopted.set(styled, done);
  const view = (node.ownerDocument ?? (node as Document)).defaultView;
  if (done.has(css) || !view) return;
  done.add(css);
  const sheet = new view.CSSStyleSheet();
  sheet.replaceSync(css);
  styled.adoptedStyleSheets = [...styled.adoptedStyleSheets, sheet];
}

/**
 * The island's own look, at zero specificity (`:where`) so that the site's own rules win. The table
 * shows a page of rows at a time, so it can size its columns from their contents; its values never
 * break inside themselves (a number, a zip code or a date split over two lines reads as two values):
 * only titles wrap, between words, and on a screen too narrow for the rest the table scrolls sideways
 * in its own box instead of widening the page. Sort buttons look like the header text they replace:
 * the one rule with specificity, since themes often style every `button` as a filled call to action,
 * and a rule that names the table's class still wins over it.
 * Classes, not ids: every copy of the search on a page has ids of its own. The map's containment keeps
 * marker changes from laying out the rest of the page.
 */
export const ISLAND_CSS = `
:where(.donors-table-box) { max-width: 100%; overflow-x: auto; }
:where(.donors-table-box:focus-visible) { outline: 2px solid #1d4ed8; outline-offset: 2px; }
:where(.donors-search-table) { width: 100%; border-collapse: collapse; }
:where(.donors-search-table :is(th, td)) { padding: 0.25em 0.5em; text-align: start; vertical-align: top; }
:where(.donors-search-table :is(td, th):not(:nth-child(2))) { white-space: nowrap; }
:where(.donors-search-table td:nth-child(2)) { min-width: 10em; overflow-wrap: normal; }
:where(.donors-search-table tbody tr) { cursor: pointer; }
:where(.donors-search-table tr.donors-row-chosen) { background: #fef3c7; }
.donors-search-table .donors-sort {
  all: unset; box-sizing: border-box; cursor: pointer; font-weight: bold; white-space: nowrap;
}
.donors-search-table .donors-sort:focus-visible { outline: 2px solid #1d4ed8; outline-offset: 2px; }
:where(th:not([aria-sort]) .donors-sort)::after { content: " ⇅" / ""; opacity: 0.45; }
:where(th[aria-sort="ascending"] .donors-sort)::after { content: " ▲" / ""; }
:where(th[aria-sort="descending"] .donors-sort)::after { content: " ▼" / ""; }
:where(.donors-table-pages) { display: flex; flex-wrap: wrap; gap: 0.5em; align-items: center; margin: 0.5em 0; }
:where(.donors-table-pages p) { margin: 0; margin-inline-end: auto; }
:where(.donors-table-pages button[aria-disabled="true"]) { opacity: 0.5; cursor: not-allowed; }
:where(.donors-map-choice) { margin: 0.5em 0; padding: 0.5em 1em; border-inline-start: 4px solid #f59e0b; }
:where(.donors-search-map) { contain: strict; height: min(60vh, 420px); }
:where(.alert-before, .alert-donors) { overflow-wrap: anywhere; }
`;
