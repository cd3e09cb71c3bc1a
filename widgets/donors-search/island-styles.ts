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
