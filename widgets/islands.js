// @ts-check
/**
 * Every island the bundle knows, in one list that three readers share: the loader (which hosts to
 * look for and when to load them), build.mjs (which chunks to build) and the mock server's demo pages
 * (one page per island, titled with its label). To add an island, write its folder here in widgets/
 * (index.ts exporting `mount`, markup.html, tests) and add one entry below; nothing else lists islands.
 *
 * Plain JavaScript with JSDoc types, checked by `tsc`, because Node runs build.mjs and the mock server
 * without compiling TypeScript. Page conditions are named here and implemented in the loader
 * (src/loader/page-conditions.ts), since a function cannot cross from the build into the loader.
 */

/**
 * A page condition: the island mounts once on `<html>` when it holds. It adds page-wide behaviour and
 * must not cost a download on a page with nothing for it to do.
 * - `has-form`: the page holds a `<form>`.
 * - `may-report`: the page has `gtag` or a `dataLayer` to report to, or analytics may still arrive on a
 *   page that can report a conversion (a conversion page, or a config with `analytics`).
 * @typedef {'has-form' | 'may-report'} PageCondition
 */

/**
 * When an island's code downloads and mounts (see docs/how-it-works.md#loading-strategies):
 * - `load`: as soon as the loader finds the host.
 * - `visible`: when the host comes within 200px of the viewport or the visitor interacts with it.
 * @typedef {'load' | 'visible'} LoadingStrategy
 */

/**
 * @typedef {object} IslandEntry
 * @property {string} name the island's folder in widgets/, its chunk's export and the prefix of its errors
 * @property {string} label what the demo site calls it
 * @property {{ selector: string } | { page: PageCondition }} host
 *   how its host is found: every element matching `selector`, or the page itself when `page` holds
 * @property {string} module the file exporting `mount(host, ctx)`, from the repository's root
 * @property {boolean} react whether it renders with React: each React island is a chunk of its own,
 *   and the plain ones share one chunk (see build.mjs)
 * @property {LoadingStrategy} strategy
 */

/**
 * An entry as the build hands it to the loader (build.mjs writes the list into it): only what finds the
 * host and when to load it, plus `chunk`, the built file (relative to the loader) whose export named
 * after the island is its `mount`. Labels and source paths stay out of the loader every visitor
 * downloads. The runtime (src/loader/runtime.ts) works on these entries as they are.
 * @typedef {Pick<IslandEntry, 'name' | 'host' | 'strategy'> & { chunk: string }} BuiltIsland
 */

/** @type {readonly IslandEntry[]} */
export const ISLANDS = [
  {
    name: 'donors-search',
    label: 'Donors in your area',
    host: { selector: '[data-island="donors-search"]' },
    module: 'widgets/donors-search/index.tsx',
    react: true,
    // React and the search are most of the bytes of any page that has them; a page where the search
    // sits far below the fold should not pay for them before the visitor comes near it.
    strategy: 'visible',
  },
  {
    name: 'screening-questions',
    label: 'Screening questions',
    host: { selector: 'form[name="screening-questions"]' },
    module: 'widgets/screening-questions/index.ts',
    react: false,
    strategy: 'load',
  },
  {
    name: 'priority-alert',
    label: 'Priority alert',
    host: { selector: '[data-island="priority-alert"]' },
    module: 'widgets/priority-alert/index.ts',
    react: false,
    strategy: 'load',
  },
  {
    name: 'submit-lock',
    label: 'Submit lock',
    host: { page: 'has-form' },
    module: 'widgets/submit-lock/index.ts',
    react: false,
    strategy: 'load',
  },
  {
    name: 'lazy-background',
    label: 'Lazy backgrounds',
    host: { selector: '[data-lazy-background]' },
    module: 'widgets/lazy-background/index.ts',
    react: false,
    // It watches the viewport itself, per section, and must see every section from the start.
    strategy: 'load',
  },
  {
    name: 'conversion-tracker',
    label: 'Conversion tracker',
    host: { page: 'may-report' },
    module: 'widgets/conversion-tracker/index.ts',
    react: false,
    strategy: 'load',
  },
];
