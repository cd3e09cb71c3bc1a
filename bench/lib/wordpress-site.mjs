/**
 * A real WordPress for a bench, started the way the WordPress suite starts one
 * (wordpress-plugin/test/wordpress-server.ts: a copy of Debian's release, its own MariaDB, PHP's built-in
 * server with 4 workers), with the plugin zip `npm run plugin` makes installed and active. The suite
 * uploads the zip through wp-admin in a browser; a bench only needs it in place, so it is unzipped
 * into wp-content/plugins and activated from PHP.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { fetchRelease, isReleaseOf } from '../../wordpress-plugin/test/fetch-wordpress.mjs';
import { WORDPRESS_RELEASES } from '../../wordpress-plugin/test/wordpress-releases.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

// Node 20 cannot import TypeScript: strip the server's types with esbuild rather than keep a second copy
// (as bench/browser.mjs does for test/chromium.ts). It imports only Node's own modules.
const source = readFileSync(path.join(root, 'wordpress-plugin/test/wordpress-server.ts'), 'utf8');
const { code } = await esbuild.transform(source, { loader: 'ts', format: 'esm' });
const server = await import(`data:text/javascript,${encodeURIComponent(code)}`);

/** The PHP expression for a text, whatever it holds. */
export const phpString = server.phpString;

/**
 * Builds the plugin zip from the sources as they are, starts WordPress `version` with `muPlugins`,
 * and installs and activates the plugin.
 * @param {{ version: string, muPlugins: string[] }} options
 */
export async function startWordPressWithPlugin({ version, muPlugins }) {
  const missing = await server.missingForWordPress();
  try {
    execFileSync('sh', ['-c', 'command -v unzip'], { stdio: 'ignore' });
  } catch {
    missing.push('unzip (not on PATH)');
  }
  if (missing.length > 0) throw new Error(`a real WordPress cannot run here: missing ${missing.join(', ')}`);
  const release = WORDPRESS_RELEASES.find((candidate) => candidate.version === version);
  if (!release) throw new Error(`wordpress-plugin/test/wordpress-releases.mjs names no WordPress ${version}`);
  const build = mkdtempSync(path.join(tmpdir(), 'donation-widgets-bench-zip-'));
  let wordpress;
  try {
    execFileSync(process.execPath, ['build.mjs', '--quiet', `--outdir=${build}/bundle`], { cwd: root });
    execFileSync(
      process.execPath,
      ['wordpress-plugin/build/build-plugin.mjs', '--quiet', `--bundle=${build}/bundle`, `--out=${build}`],
      { cwd: root },
    );
    const { version: pluginVersion } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    wordpress = await server.startWordPress({ source: fetchRelease(release), muPlugins });
    const { site } = wordpress;
    execFileSync('unzip', [
      '-q',
      path.join(build, `donation-widgets-${pluginVersion}.zip`),
      '-d',
      path.join(site.root, 'wp-content/plugins'),
    ]);
    /** @param {string} php @returns {Promise<string>} what it printed */
    const runPhp = (php) => server.runPhp(site, php);
    const running = JSON.parse(
      await runPhp(`$activated = activate_plugin( 'donation-widgets/donation-widgets.php' );
        echo wp_json_encode( array( 'version' => get_bloginfo( 'version' ), 'theme' => get_stylesheet(),
          'error' => is_wp_error( $activated ) ? $activated->get_error_message() : null ) );`),
    );
    if (running.error) throw new Error(`the plugin did not activate: ${running.error}`);
    if (!isReleaseOf(running.version, version))
      throw new Error(`the site runs WordPress ${running.version}, not ${version}`);
    const stop = wordpress.stop;
    return { site, runPhp, stop, wordpressVersion: running.version, theme: running.theme };
  } catch (error) {
    await wordpress?.stop();
    throw error;
  } finally {
    rmSync(build, { recursive: true, force: true });
  }
}

/**
 * PHP that sets some of the plugin's settings and keeps the rest as they are. The settings' sanitizing
 * reads a field left out of the saved array as a box unticked (a form posts no unticked box), so writing
 * only the fields a section changes would turn the answers' compression off with them.
 * @param {Record<string, unknown>} fields Setting name => value.
 */
export const settingsPhp = (fields) => `$after = json_decode( ${phpString(JSON.stringify(fields))}, true );
  foreach ( array_keys( donation_widgets_settings() ) as $name ) {
    $after += array( $name => donation_widgets_get( $name ) );
  }
  update_option( DONATION_WIDGETS_OPTION, $after );`;
