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

import { byClass, byId, DONATION_MANAGER_MARKUP } from './donation-manager-markup.js';
import { FORM_DEFAULTS } from './donors-search/form/form-defaults.js';

const { search: SEARCH, priorityAlert: PRIORITY_ALERT } = DONATION_MANAGER_MARKUP;

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
 * - `intent`: when the visitor reaches for the host (pointer, focus, key, touch); a form submitted in it
 *   before the code arrives is held and handed to the island. Meanwhile the strategy numbers the ids of
 *   the host's copies found by the same `data-island`, as an island with `numberedCopies` does.
 * @typedef {'load' | 'intent'} LoadingStrategy
 */

/**
 * @typedef {object} IslandEntry
 * @property {string} name the island's folder in widgets/, its chunk's export and the prefix of its errors
 * @property {string} label what the demo site calls it
 * @property {{ selector: string } | { page: PageCondition }} host
 *   how its host is found: every element matching `selector`, or the page itself when `page` holds
 * @property {string} module the file exporting `mount(host, ctx)`, from the repository's root
 * @property {string} chunk the built chunk that holds it (build.mjs): islands a page nearly always has
 *   together share one, and an island found where the others rarely are gets its own, so that a page
 *   downloads only what its islands use
 * @property {LoadingStrategy} strategy
 * @property {boolean} [numberedCopies] whether the island numbers the ids of its copies on a page (the
 *   first keeps them, the second's end in `-2`, …): the plugin and the demo print each copy's markup
 *   numbered the same way, by the one rule of src/shared/copy-attributes.js, so copies never share an
 *   id before the code arrives
 * @property {Readonly<Record<string, IslandAttribute>>} [attributes] what a site admin may set on a
 *   placeable island's host, keyed by the kebab-case name the shortcode and the block use; the WordPress
 *   plugin's shortcode, blocks, settings screen and docs/admin.md all read them from here
 */

/**
 * One setting of an island's host, as the plugin offers it.
 * @typedef {object} IslandAttribute
 * @property {string} html the HTML attribute of the host it sets (`data-radius`, `action`)
 * @property {'text' | 'zip' | 'number' | 'number-list' | 'url' | 'image' | 'on-off'} type what it holds:
 *   `number-list` whole numbers separated by commas, `url` and `image` an http(s) URL or a path,
 *   `on-off` the word `on` or `off`
 * @property {string} default the value printed when none is given ('' for a `data-*` attribute prints
 *   it empty; for any other attribute it leaves the attribute out)
 * @property {string} label the words an admin sees next to it
 * @property {string} help one sentence on what it does
 * @property {NumberRange} [range] for `number` and `number-list`: the whole numbers the value may hold, which
 *   for every setting that has one is what the donations search route takes; the plugin's render and its
 *   block sidebar refuse any other, saying so, and its settings screen names the range
 */

/**
 * The whole numbers a setting may hold.
 * @typedef {object} NumberRange
 * @property {number} min
 * @property {number} max
 */

/**
 * The donations route takes a radius and days of one or two digits (`[0-9]{1,2}` in its path, 0 asking
 * for nothing): a choice of 180 days would save, then fail every visitor's search.
 * @type {NumberRange}
 */
const ROUTE_RANGE = { min: 1, max: 99 };

/**
 * An entry as the build hands it to the loader (build.mjs writes the list into it): only what finds the
 * host and when to load it, plus `chunk`, the built files (relative to the loader) to download for it:
 * first the one whose export named after the island is its `mount`, then every file that one imports,
 * so that all are requested at once. Labels and source paths stay out of the loader every visitor
 * downloads. The runtime (src/loader/runtime.ts) works on these entries as they are.
 * @typedef {Pick<IslandEntry, 'name' | 'host' | 'strategy'> & { chunk: readonly string[] }} BuiltIsland
 */

/** @type {readonly IslandEntry[]} */
export const ISLANDS = [
  {
    name: 'donors-search',
    label: 'Donors in your area',
    // Its own markup, or the form Donation Manager's [donors_in_your_area] prints, by its id (its own
    // markup holds a form with that id too, which is not a host of its own).
    host: { selector: `[data-island="donors-search"],${byId(SEARCH.ids.form)}:not([data-island] *)` },
    module: 'widgets/donors-search/index.tsx',
    chunk: 'donors-search',
    // React and the search are most of the bytes of any page that has them, and the page prints the
    // form itself: a visitor who only reads the page should not pay for them, one who reaches for the
    // form gets them, and a search submitted before they arrive is held (see the intent strategy).
    strategy: 'intent',
    numberedCopies: true,
    attributes: {
      'radius-options': {
        html: 'data-radius-options',
        type: 'number-list',
        range: ROUTE_RANGE,
        default: FORM_DEFAULTS.radiusOptions,
        label: 'Radius choices (miles)',
        help: 'The distances a visitor can pick, whole numbers from 1 to 99 separated by commas.',
      },
      radius: {
        html: 'data-radius',
        type: 'number',
        range: ROUTE_RANGE,
        default: FORM_DEFAULTS.radius,
        label: 'Radius at first',
        help: 'The distance chosen when the form appears; one of the radius choices.',
      },
      'days-options': {
        html: 'data-days-options',
        type: 'number-list',
        range: ROUTE_RANGE,
        default: FORM_DEFAULTS.daysOptions,
        label: 'Day choices',
        help: 'How many days back a visitor can search, whole numbers from 1 to 99 separated by commas.',
      },
      days: {
        html: 'data-days',
        type: 'number',
        range: ROUTE_RANGE,
        default: FORM_DEFAULTS.days,
        label: 'Days at first',
        help: 'The days chosen when the form appears; one of the day choices.',
      },
      zipcode: {
        html: 'data-zipcode',
        type: 'zip',
        default: '',
        label: 'Zip code at first',
        help: 'A five-digit zip code filled in when the form appears; empty leaves the field empty.',
      },
      locate: {
        html: 'data-locate',
        type: 'on-off',
        default: 'on',
        label: '"Use my location" button',
        help: 'Whether the zip code field offers a button that fills in the zip code of where the visitor is, found in their browser: on or off.',
      },
    },
  },
  {
    name: 'screening-questions',
    label: 'Screening questions',
    host: { selector: 'form[name="screening-questions"]' },
    module: 'widgets/screening-questions/index.ts',
    chunk: 'behaviour-islands',
    strategy: 'load',
    attributes: {
      action: {
        html: 'action',
        type: 'url',
        default: '',
        label: 'Send the answers to',
        help: 'The address the form posts to, an http(s) URL or a path; empty posts to the page the form is on.',
      },
    },
  },
  {
    name: 'priority-alert',
    label: 'Priority alert',
    // Its own snippet's wrapper, or the alert Donation Manager prints on its pick-up dates step, which
    // has no wrapper: its note is a sibling, both loose in the step's form (widgets/priority-alert/parts.ts).
    host: {
      selector: `[data-island="priority-alert"], ${byClass([PRIORITY_ALERT.widget, PRIORITY_ALERT.alert])}`,
    },
    module: 'widgets/priority-alert/index.ts',
    chunk: 'behaviour-islands',
    strategy: 'load',
    attributes: {},
  },
  {
    name: 'submit-lock',
    label: 'Submit lock',
    host: { page: 'has-form' },
    module: 'widgets/submit-lock/index.ts',
    // Any page with a form has it, the donors search's included: a chunk of its own, so that such a page
    // does not download the other behaviour islands with it.
    chunk: 'submit-lock',
    strategy: 'load',
  },
  {
    name: 'lazy-background',
    label: 'Lazy backgrounds',
    host: { selector: '[data-lazy-background]' },
    module: 'widgets/lazy-background/index.ts',
    chunk: 'behaviour-islands',
    // It watches the viewport itself, per section, and must see every section from the start.
    strategy: 'load',
    attributes: {
      'lazy-background': {
        html: 'data-lazy-background',
        type: 'image',
        default: '',
        label: 'Background image',
        help: "The image loaded when the section nears the viewport, a URL or a path; empty leaves it to the theme's CSS.",
      },
    },
  },
  {
    name: 'conversion-tracker',
    label: 'Conversion tracker',
    host: { page: 'may-report' },
    module: 'widgets/conversion-tracker/index.ts',
    chunk: 'behaviour-islands',
    strategy: 'load',
  },
];
