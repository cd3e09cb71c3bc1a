/**
 * The one script a site admin adds: `<script type="module" src=".../donation-widgets.js">`.
 * It finds the islands on the page, downloads only their chunks and keeps them in step with the DOM.
 */
import type { BuiltIsland } from '../../widgets/islands.js';
import { createPageConfig } from './page-config.ts';
import { createRuntime, type Runtime } from './runtime.ts';
import { strategiesFrom } from './strategies/index.ts';

declare const __VERSION__: string;
/** Written by build.mjs from the manifest (widgets/islands.js) once the islands' chunks exist. */
declare const __ISLANDS__: readonly BuiltIsland[];
/** Written by build.mjs: the files of each loading strategy that is a chunk of its own. */
declare const __STRATEGIES__: Parameters<typeof strategiesFrom>[0];

/**
 * The only global: what an admin needs to check the version, or to mount or stop islands around
 * custom DOM changes (see `Runtime` for each call).
 */
export interface DonationWidgetsGlobal extends Runtime {
  readonly version: string;
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
  // A relative chunk address resolves against the loader's own URL, wherever the site serves dist/.
  // (Built as a call esbuild leaves alone: a literal prefix would make it bundle every file there.)
  const importChunk = (chunk: string) => import(chunk.replace(/^/, './chunks/'));
  const runtime = createRuntime(
    document,
    __ISLANDS__,
    createPageConfig(document),
    importChunk,
    strategiesFrom(__STRATEGIES__, importChunk),
  );
  window.donationWidgets = Object.freeze({ version: __VERSION__, ...runtime });
  runtime.mount(document);
}

// Module scripts run after parsing, but an admin may also load this one with `async`.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
