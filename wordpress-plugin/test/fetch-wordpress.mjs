#!/usr/bin/env node
/**
 * Fetches the WordPress releases of wordpress-releases.mjs that apt-get did not install: Debian's
 * `wordpress` package of a newer suite, from the mirror the machine already uses, unpacked into a plain
 * folder without installing anything. Kept in wordpress-plugin/test/.cache/wordpress/<suite>/ (ignored by
 * git), so a second run downloads nothing.
 *
 * The package's WordPress links into Debian's shared JavaScript and PHP libraries (lodash, underscore,
 * cropper, jQuery UI, getID3, PHPMailer): those packages go into the same root so every link resolves,
 * then a copy that follows the links gives a tree PHP can serve from anywhere.
 *
 * `node wordpress-plugin/test/fetch-wordpress.mjs` fetches what is missing and prints one line per
 * release: version, suite, the WordPress version inside, its folder. WORDPRESS_RELEASES=<dir> uses trees
 * prepared elsewhere, <dir>/<suite>/, instead of the cache (read only).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORDPRESS_RELEASES } from './wordpress-releases.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const CACHE = path.join(here, '.cache/wordpress');
const SOURCES = '/etc/apt/sources.list.d/debian.sources';

/** What the suite's WordPress needs beside the package itself (see above), and the default theme. */
const PACKAGES = [
  'wordpress',
  'libjs-lodash',
  'libjs-underscore',
  'libjs-cropper',
  'libjs-jquery-ui',
  'libphp-phpmailer',
  'php-getid3',
];

/** @typedef {import('./wordpress-releases.mjs').WordPressRelease} WordPressRelease */

/** The folder a release's WordPress is (or will be) in. */
export function releaseFolder(/** @type {WordPressRelease} */ release) {
  if (release.installed) return release.installed;
  return path.join(process.env.WORDPRESS_RELEASES || CACHE, release.suite);
}

/** The `$wp_version` of the WordPress in `folder`, or null when there is none. */
export function wordpressVersionIn(/** @type {string} */ folder) {
  const file = path.join(folder, 'wp-includes/version.php');
  if (!existsSync(file)) return null;
  return readFileSync(file, 'utf8').match(/\$wp_version\s*=\s*'([^']+)'/)?.[1] ?? null;
}

/** True when `wordpressVersion` is a release of `version` (6.8.12 of 6.8, 7.1 of 7.1). */
export const isReleaseOf = (/** @type {string} */ wordpressVersion, /** @type {string} */ version) =>
  wordpressVersion === version || wordpressVersion.startsWith(`${version}.`);

/**
 * The Debian mirror and archive keyring of the machine's main suite, from its deb822 sources file: the
 * first `deb` entry whose suites include one without a `-updates`/`-security` tail.
 */
function debianMirror() {
  if (!existsSync(SOURCES)) throw new Error(`no ${SOURCES} to find the Debian mirror in`);
  for (const entry of readFileSync(SOURCES, 'utf8').split(/\n\s*\n/)) {
    const field = (name) =>
      entry
        .match(new RegExp(`^${name}:\\s*(.+)$`, 'mi'))?.[1]
        .trim()
        .split(/\s+/) ?? [];
    if (!field('Types').includes('deb') || !field('Suites').some((suite) => /^[a-z]+$/.test(suite))) continue;
    const [uri] = field('URIs');
    if (uri)
      return { uri, keyring: field('Signed-By')[0] ?? '/usr/share/keyrings/debian-archive-keyring.gpg' };
  }
  throw new Error(`${SOURCES} names no main Debian suite`);
}

const run = (/** @type {string} */ command, /** @type {string[]} */ args, cwd = here) =>
  execFileSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });

/** Downloads and unpacks one release into its cache folder; the folder appears only when complete. */
function download(/** @type {WordPressRelease} */ release, /** @type {string} */ folder) {
  for (const tool of ['apt-get', 'dpkg-deb', 'cp']) {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    } catch {
      throw new Error(`${tool} is not on PATH (fetching needs Debian's apt-get and dpkg-deb)`);
    }
  }
  const { uri, keyring } = debianMirror();
  const work = `${folder}.download`;
  rmSync(work, { recursive: true, force: true });
  for (const dir of ['lists/partial', 'cache/archives/partial', 'debs', 'root']) {
    mkdirSync(path.join(work, dir), { recursive: true });
  }
  try {
    const list = path.join(work, 'sources.list');
    writeFileSync(list, `deb [signed-by=${keyring}] ${uri} ${release.suite} main\n`);
    // Only this suite, with lists and caches of its own: the machine's apt state is neither read nor changed.
    const apt = [
      '-qq',
      '-o',
      `Dir::Etc::sourcelist=${list}`,
      '-o',
      'Dir::Etc::sourceparts=-',
      '-o',
      `Dir::State::Lists=${path.join(work, 'lists')}`,
      '-o',
      `Dir::Cache=${path.join(work, 'cache')}`,
      // The download folder is root's; apt's unprivileged download user could not write to it.
      '-o',
      'APT::Sandbox::User=root',
    ];
    run('apt-get', [...apt, 'update']);
    run(
      'apt-get',
      [...apt, 'download', ...PACKAGES, `wordpress-theme-${release.theme}`],
      path.join(work, 'debs'),
    );
    for (const deb of readdirSync(path.join(work, 'debs'))) {
      if (deb.endsWith('.deb'))
        run('dpkg-deb', ['-x', path.join(work, 'debs', deb), path.join(work, 'root')]);
    }
    const unpacked = path.join(work, 'root/usr/share/wordpress');
    const version = wordpressVersionIn(unpacked);
    if (!version || !isReleaseOf(version, release.version))
      throw new Error(
        `Debian ${release.suite} carries WordPress ${version ?? 'not at all'}, not ${release.version}`,
      );
    // Apache's rules (a link to /etc/wordpress) mean nothing to PHP's server; Debian's wp-config.php is
    // replaced by the test site's own config (wordpress-server.ts).
    rmSync(path.join(unpacked, '.htaccess'), { force: true });
    run('cp', ['-rL', unpacked, `${folder}.tmp`]);
    renameSync(`${folder}.tmp`, folder);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The folder of `release`'s WordPress, downloaded first when it is fetched and not yet in the cache.
 * Throws, in words, when it cannot be had.
 * @returns {string}
 */
export function fetchRelease(/** @type {WordPressRelease} */ release) {
  const folder = releaseFolder(release);
  if (!release.installed && !process.env.WORDPRESS_RELEASES && !wordpressVersionIn(folder)) {
    console.warn(`--- fetching WordPress ${release.version} (Debian ${release.suite})`);
    rmSync(`${folder}.tmp`, { recursive: true, force: true });
    try {
      download(release, folder);
    } catch (error) {
      const detail = /** @type {{ stderr?: Buffer }} */ (error).stderr?.toString().trim();
      throw new Error(
        `WordPress ${release.version} from Debian ${release.suite} (the download failed: ${detail || /** @type {Error} */ (error).message})`,
      );
    }
  }
  const version = wordpressVersionIn(folder);
  if (!version) {
    const from = release.installed
      ? `Debian package wordpress of ${release.suite}`
      : 'see WORDPRESS_RELEASES';
    throw new Error(`WordPress ${release.version} (${folder}, ${from})`);
  }
  if (!isReleaseOf(version, release.version))
    throw new Error(`${folder} holds WordPress ${version}, not ${release.version}`);
  return folder;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const release of WORDPRESS_RELEASES) {
    const folder = fetchRelease(release);
    process.stdout.write(`${release.version} ${release.suite} ${wordpressVersionIn(folder)} ${folder}\n`);
  }
}
