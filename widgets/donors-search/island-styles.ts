const adopted = new WeakMap<Document, Set<string>>();

/**
 * Adds `css` to the document once, as a constructable stylesheet: no `<style>` element, so nothing in
 * the page's markup changes and a CSP that forbids inline styles has nothing to forbid.
 */
export function adoptStyles(doc: Document, css: string): void {
  const done = adopted.get(doc) ?? new Set<string>();
  adopted.set(doc, done);
  const view = doc.defaultView;
  if (done.has(css) || !view || !('adoptedStyleSheets' in doc)) return;
  done.add(css);
  const sheet = new view.CSSStyleSheet();
  sheet.replaceSync(css);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
}

/**
 * What keeps thousands of results cheap to lay out. A fixed table layout sizes the columns from the
 * header row instead of measuring every cell whenever rows are added, so it is set on the table's class
 * (a theme's generic `table { table-layout: auto }` must not undo it); the rest is at zero specificity
 * (`:where`) so that the site's own rules win. Classes, not ids: every copy of the search on a page has
 * ids of its own. The map's containment keeps marker changes from laying out the rest of the page. Long
 * values wrap instead of widening the page. The table is isolated (a paint layer of its own), so that
 * frames which only add map markers do not walk its rows again.
 */
export const ISLAND_CSS = `
.donors-search-table { table-layout: fixed; }
:where(.donors-search-table) { width: 100%; overflow-wrap: anywhere; isolation: isolate; }
:where(.donors-search-table th:nth-child(1), .donors-search-table th:nth-child(3)) { width: 16%; }
:where(.donors-search-table th:nth-child(4)) { width: 24%; }
:where(.donors-search-map) { contain: strict; height: min(60vh, 420px); }
:where(.alert-before, .alert-donors) { overflow-wrap: anywhere; }
`;
