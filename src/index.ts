/**
 * The one script a site admin adds: `<script type="module" src=".../donation-widgets.js">`.
 * It finds the islands on the page, downloads only their chunks and keeps them in step with the DOM.
 */
import { createContext } from './context.ts';
import { createPageConfig } from './page-config.ts';
import { islands } from './registry.ts';
import { createRuntime } from './runtime.ts';

declare const __VERSION__: string;

/** The only global: what an admin needs to check the version or mount islands after custom DOM changes. */
export interface DonationWidgetsGlobal {
  readonly version: string;
  /** Mounts islands found in `root` now, without waiting for the MutationObserver. */
  mount(root?: ParentNode): void;
  /** Disposes islands whose host elements have left the page. */
  sweep(): void;
}

declare global {
  interface Window {
    donationWidgets?: DonationWidgetsGlobal;
  }
}

function start(): void {
  // A second script tag (another URL, another module instance) must not mount everything twice.
  if (window.donationWidgets) {
    window.donationWidgets.mount(document);
    return;
  }
  const config = createPageConfig(document);
  const runtime = createRuntime(
    document,
    islands,
    (name, controller, host) => createContext(config, name, controller, host),
    config,
  );
  window.donationWidgets = Object.freeze({
    version: __VERSION__,
    mount: runtime.scan,
    sweep: runtime.sweep,
  });
  runtime.scan(document);
}

// Module scripts run after parsing, but an admin may also load this one with `async`.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
