/**
 * The WordPress releases the plugin's suite runs on, oldest first: the oldest the plugin supports, the
 * release before current, and current. readme.txt's "Requires at least" and "Tested up to" name the
 * first and the last (wordpress-plugin/test/readme-versions.test.ts checks that).
 *
 * Each release is Debian's package of one suite: bookworm's is installed with apt-get (the machine's own
 * suite), the newer ones are fetched from the same mirror by fetch-wordpress.mjs. vitest.config.ts makes
 * one project per release (`wordpress-<version>`), each with its own sites, run one after another.
 */

/**
 * What the older releases run: the files whose behaviour rests on a part of WordPress that changed between
 * the oldest supported release and current. Everything else the plugin does is its own PHP and the
 * bundle, the same bytes on every release, and runs on the newest only. Each file is here for a reason
 * that names the part of WordPress:
 */
const DIFFERS_BETWEEN_RELEASES = [
  // Activation is the globalSetup's upload and activation, on every release.
  // How scripts are queued and printed (a classic script before 6.5, a script module after): every island
  // rendered and mounted, and Donation Manager's scripts retired.
  'wordpress-plugin/test/front-end.wordpress.test.ts',
  'wordpress-plugin/test/donation-manager.wordpress.test.ts',
  // The settings' schema as core's schema functions read its keywords on each release.
  'wordpress-plugin/test/settings-cases.wordpress.test.ts',
  // The editor: blocks registered from block.json and rendered.
  'wordpress-plugin/test/blocks.wordpress.test.ts',
  // The REST server: the nonce cycle, and which of its gates run before `rest_dispatch_request` (method
  // overrides, application passwords, `_fields` and the other envelope parameters).
  'wordpress-plugin/test/rest-paths.wordpress.test.ts',
  'wordpress-plugin/test/answer-requests.wordpress.test.ts',
  // The object cache API the kept answers rest on (wp_cache_get's `$force`, wp_cache_add).
  'wordpress-plugin/test/search-kept.wordpress.test.ts',
  // How WordPress loads a plugin's translations (changed in 6.5).
  'wordpress-plugin/test/texts.wordpress.test.ts',
];

/** The oldest release also runs what Contributors and Authors write through its kses and REST API, which
 * changed most since it. */
const OLDEST_ONLY = ['wordpress-plugin/test/hostile-roles.wordpress.test.ts'];

/** Every file of the suite: the newest release runs everything. */
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
 * @property {number} sites  How many sites of the release its files share out, one file on each at a
 *   time (a file's site is its worker's). One for each release: on two, the newest release's files met
 *   sites another file had changed in an order never run before (settings, kept answers, debug.log), and
 *   failed; the files must each start from a site of their own making first.
 */

/** @type {WordPressRelease[]} */
export const WORDPRESS_RELEASES = [
  {
    version: '6.1',
    suite: 'bookworm',
    installed: '/usr/share/wordpress',
    theme: 'twentytwentythree',
    scripts: 'classic',
    tests: [...DIFFERS_BETWEEN_RELEASES, ...OLDEST_ONLY],
    sites: 1,
  },
  {
    version: '6.8',
    suite: 'trixie',
    installed: null,
    theme: 'twentytwentyfive',
    scripts: 'modules',
    tests: DIFFERS_BETWEEN_RELEASES,
    sites: 1,
  },
  {
    version: '7.1',
    suite: 'forky',
    installed: null,
    theme: 'twentytwentyfive',
    scripts: 'modules',
    tests: ALL,
    sites: 1,
  },
];

/** The vitest project name of a release. */
export const projectName = (/** @type {WordPressRelease} */ release) => `wordpress-${release.version}`;
