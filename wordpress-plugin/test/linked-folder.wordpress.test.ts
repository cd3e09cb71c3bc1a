/**
 * The plugin's folder as a developer links it into a local site (docs/developing.md): after
 * `npm run build`, wordpress-plugin/donation-widgets/ is a working plugin in place. A WordPress of its
 * own, with the folder symlinked into wp-content/plugins, prints the islands and a search's rows.
 */
import { existsSync } from 'node:fs';
import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runPhp, startWordPress, type WordPressSite } from './wordpress-server.ts';
import { describeWordPress, suiteSite } from './wordpress-suite.ts';

const FOLDER = fileURLToPath(new URL('../donation-widgets/', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixture/donations-fixture.php', import.meta.url));

describeWordPress('the plugin folder linked into a site', () => {
  let linked: { site: WordPressSite; stop: () => Promise<void> } | undefined;
  let page = '';

  beforeAll(async () => {
    const suite = suiteSite();
    if (!suite) throw new Error('the suite has no WordPress');
    if (!existsSync(path.join(FOLDER, 'markup/islands.json')))
      throw new Error('wordpress-plugin/donation-widgets/ has no build: run npm run build first');
    linked = await startWordPress({ source: suite.release.source, muPlugins: [FIXTURE] });
    await symlink(FOLDER, path.join(linked.site.root, 'wp-content/plugins/donation-widgets'));
    const id = await runPhp(
      linked.site,
      `$activated = activate_plugin( 'donation-widgets/donation-widgets.php' );
      if ( is_wp_error( $activated ) ) { echo $activated->get_error_message(); return; }
      echo wp_insert_post( array( 'post_type' => 'page', 'post_status' => 'publish', 'post_name' => 'linked',
        'post_title' => 'linked', 'post_content' => '[donation_widget island="donors-search"]' ) );`,
    );
    expect(id).toMatch(/^\d+$/);
    page = `${linked.site.url}/linked/`;
  });

  afterAll(async () => {
    await linked?.stop();
  });

  it("prints the island, the loader from the folder's own build, and an address search's rows", async () => {
    const html = await (await fetch(`${page}?zipcode=10001&radius=15&days=30`)).text();
    expect(html).toContain('data-island="donors-search"');
    expect(html).toMatch(/\/wp-content\/plugins\/donation-widgets\/dist\/donation-widgets\.js/);
    expect(html.match(/<tr><td><button type="button" class="donors-row-show"/g)).toHaveLength(4);
    const loader = html.match(/src="([^"]*\/donation-widgets\.js[^"]*)"/)?.[1] ?? '';
    expect((await fetch(new URL(loader.replaceAll('&#038;', '&'), page))).status).toBe(200);
  });
});
