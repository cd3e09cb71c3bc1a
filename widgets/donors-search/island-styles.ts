import ISLANDS_CSS from '../islands.css';

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
 * reach; a host in the document itself gets nothing, so the page is not styled twice.
 */
export function adoptIslandStyles(host: Element): void {
  if (host.getRootNode() !== host.ownerDocument) adoptStyles(host, ISLANDS_CSS);
}
