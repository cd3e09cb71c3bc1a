import type { Dispose, IslandContext } from '../../src/shared/island.ts';
import { whenNearViewport } from './near-viewport.ts';

/** Added to a section when its background may load; the site's CSS keys on it (see markup.html). */
export const LOADED_CLASS = 'lazy-bg-loaded';

/** Elementor's parent containers, which its own lazy-load script handles with the same 200px margin. */
const ELEMENTOR_CONTAINER = '.e-con.e-parent';
const ELEMENTOR_LOADED_CLASS = 'e-lazyloaded';

// Elementor prints its lazy-load script inline with a top-level `const lazyloadRunObserver`: a global
// binding that exists exactly when that script ran (a strict CSP blocks it, and then nobody else would
// load Elementor's backgrounds).
declare const lazyloadRunObserver: unknown;
const elementorLazyLoadRan = () => typeof lazyloadRunObserver === 'function';

/**
 * The background URL in `data-lazy-background`, if any: http(s) only, resolved against the page.
 *
 * Read as the browser reads a URL in the page's markup (an `<img src>`, the theme's CSS), not by the
 * config's URL-or-path rule (src/shared/config-readers.ts), and on purpose: that rule refuses `//host`,
 * `/\host` and relative paths because a config URL decides where the REST client sends the nonce, while
 * a background image is a request that carries nothing of ours, which the same markup could make with an
 * `<img>` anyway. Only the scheme is this island's to refuse (`javascript:`, `data:`). What the plugin
 * takes for the block's setting (an `image` attribute, checked by that stricter rule) is read here alike.
 */
function backgroundUrl(host: Element): string {
  const value = host.getAttribute('data-lazy-background')?.trim();
  if (!value) return '';
  let url: URL | undefined;
  try {
    url = new URL(value, host.baseURI);
  } catch {
    // Reported below, with the value.
  }
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    throw new Error(`data-lazy-background must be an http(s) URL or a path, got "${value}"`);
  }
  // Escaped for a CSS string: a host may keep a quote and a query a backslash.
  return url.href.replace(/["\\]/g, '\\$&');
}

/**
 * Lets one section's background load only when the section comes within 200px of the viewport
 * (docs/how-it-works.md#lazy-background), or before printing. The image is either in the site's CSS, kept off
 * until the section has `lazy-bg-loaded`, or given as the attribute's value and set as the background then.
 * An Elementor container is left to Elementor's script when that script ran, and otherwise gets Elementor's
 * own `e-lazyloaded` class too, so Elementor's CSS shows its background.
 */
export function mount(host: Element, _ctx: IslandContext): Dispose {
  const isElementorContainer = host.matches(ELEMENTOR_CONTAINER);
  if (isElementorContainer && elementorLazyLoadRan()) return () => {};
  const url = backgroundUrl(host);
  return whenNearViewport(host, () => {
    if (url && host instanceof HTMLElement) host.style.backgroundImage = `url("${url}")`;
    host.classList.add(LOADED_CLASS);
    if (isElementorContainer) host.classList.add(ELEMENTOR_LOADED_CLASS);
  });
}
