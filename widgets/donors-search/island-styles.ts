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
 * Adopts the islands' stylesheet (widgets/islands.css, the same file the page links as
 * dist/donation-widgets.css) into the shadow root `host` lives in, where the page's stylesheets do not
 * reach; a host in the document itself gets nothing, so the page is not styled twice. The text is a chunk
 * of its own, downloaded only for a shadow root, so no other page pays for it; a failed download is
 * reported through `report` and leaves the island working, unstyled.
 */
export function adoptIslandStyles(host: Element, report: (error: unknown) => void): void {
  if (host.getRootNode() === host.ownerDocument) return;
  import('../islands.css').then(({ default: css }) => adoptStyles(host, css), report);
}
