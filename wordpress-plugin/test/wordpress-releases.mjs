/**
 * The WordPress releases the plugin's suite runs on, oldest first: the oldest the plugin supports, the
 * release before current, and current. readme.txt's "Requires at least" and "Tested up to" name the
 * first and the last (wordpress-plugin/test/readme-versions.test.ts checks that).
 *
 * Each release is Debian's package of one suite: bookworm's is installed with apt-get (the machine's own
 * suite), the newer ones are fetched from the same mirror by fetch-wordpress.mjs. vitest.config.ts makes
 * one project per release (`wordpress-<version>`), each with its own site, run one after another.
 */

/** What a release must pass at least: install and activate (the globalSetup), a search, the nonce
 * cycle, settings saved, every island rendered, the blocks registered and rendered, the plugin's
 * translations loaded (how WordPress loads them changed in 6.5), which requests a kept search answer
 * may answer and after which of the REST server's gates (the server's steps, method overrides and
 * application passwords differ between releases), what Contributors and Authors
 * write staying data (kses and the REST API differ between releases), and Donation Manager's scripts
 * retired (how WordPress queues and prints scripts changed between releases), and the settings' schema
 * checked by core's schema functions as the oldest release reads its keywords. */
const ESSENTIALS = [
  'wordpress-plugin/test/front-end.wordpress.test.ts',
  'wordpress-plugin/test/rest-paths.wordpress.test.ts',
  'wordpress-plugin/test/admin.wordpress.test.ts',
  'wordpress-plugin/test/blocks.wordpress.test.ts',
  'wordpress-plugin/test/looks.wordpress.test.ts',
  'wordpress-plugin/test/texts.wordpress.test.ts',
  'wordpress-plugin/test/hostile-roles.wordpress.test.ts',
  'wordpress-plugin/test/printed-search.wordpress.test.ts',
  'wordpress-plugin/test/search-address.wordpress.test.ts',
  'wordpress-plugin/test/donation-manager.wordpress.test.ts',
  'wordpress-plugin/test/search-kept.wordpress.test.ts',
  'wordpress-plugin/test/search-trust.wordpress.test.ts',
  'wordpress-plugin/test/answer-requests.wordpress.test.ts',
  'wordpress-plugin/test/search-stale.wordpress.test.ts',
  'wordpress-plugin/test/search-compressed.wordpress.test.ts',
  'wordpress-plugin/test/settings-cases.wordpress.test.ts',
];

/** What the release before current passes besides: the boundary route's defences, on a single site (two
 * requests of a run at once, links, what a KML file may hold) and on a network (the upload space), and
 * the WP Consent API's cases, whose stand-in mirrors the plugin's 2.x. */
const BEFORE_CURRENT = [
  ...ESSENTIALS,
  'wordpress-plugin/test/boundaries-abuse.wordpress.test.ts',
  'wordpress-plugin/test/boundaries-network.wordpress.test.ts',
  'wordpress-plugin/test/consent.wordpress.test.ts',
];

/** Every file of the suite. */
const ALL = ['wordpress-plugin/**/*.wordpress.test.ts'];

/**
 * @typedef {object} WordPressRelease
 * @property {string} version  Major.minor, as readme.txt names it; the site must run a patch of it.
 * @property {string} suite    The Debian suite whose `wordpress` package it is.
 * @property {string | null} installed  Where apt-get installed it, or null when fetch-wordpress.mjs fetches it.
 * @property {string} theme    The default theme the site comes up with (the suite's theme package).
 * @property {'classic' | 'modules'} scripts  How the plugin enqueues its loader there: a classic script
 *   printed as a module (before 6.5), or `wp_enqueue_script_module` (6.5+).
 * @property {string[]} tests  The suite's files this release runs (globs from the repository root).
 */

/** @type {WordPressRelease[]} */
export const WORDPRESS_RELEASES = [
  {
    version: '6.1',
    suite: 'bookworm',
    installed: '/usr/share/wordpress',
    theme: 'twentytwentythree',
    scripts: 'classic',
    tests: ESSENTIALS,
  },
  {
    version: '6.8',
    suite: 'trixie',
    installed: null,
    theme: 'twentytwentyfive',
    scripts: 'modules',
    tests: BEFORE_CURRENT,
  },
  {
    version: '7.1',
    suite: 'forky',
    installed: null,
    theme: 'twentytwentyfive',
    scripts: 'modules',
    tests: ALL,
  },
];

/** The vitest project name of a release. */
export const projectName = (/** @type {WordPressRelease} */ release) => `wordpress-${release.version}`;
