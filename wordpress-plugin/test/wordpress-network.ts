/**
 * A WordPress of its own made a multisite network (subdirectories), for the files that need one while the
 * suite's shared site stays a single site: what Tools → Network Setup does, the network's tables and then
 * the constants in wp-config.php.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ADMIN, phpString, runPhp, startWordPress, type WordPressSite } from './wordpress-server.ts';

export async function startNetwork(
  source: string,
): Promise<{ site: WordPressSite; stop: () => Promise<void> }> {
  const network = await startWordPress({ source });
  const { site } = network;
  const domain = new URL(site.url).host;
  await runPhp(
    site,
    `
      require_once ABSPATH . 'wp-admin/includes/upgrade.php';
      require_once ABSPATH . 'wp-admin/includes/network.php';
      global $wpdb;
      foreach ( $wpdb->tables( 'ms_global' ) as $table => $prefixed ) { $wpdb->$table = $prefixed; }
      install_network();
      $result = populate_network( 1, ${phpString(domain)}, ${phpString(ADMIN.email)}, 'Network', '/', false );
      if ( is_wp_error( $result ) ) { fwrite( STDERR, $result->get_error_message() ); exit( 1 ); }
    `,
  );
  const config = path.join(site.root, 'wp-config.php');
  const constants = `define( 'MULTISITE', true );
define( 'SUBDOMAIN_INSTALL', false );
define( 'DOMAIN_CURRENT_SITE', '${domain}' );
define( 'PATH_CURRENT_SITE', '/' );
define( 'SITE_ID_CURRENT_SITE', 1 );
define( 'BLOG_ID_CURRENT_SITE', 1 );
`;
  const text = await readFile(config, 'utf8');
  await writeFile(config, text.replace("require_once ABSPATH . 'wp-settings.php';", `${constants}$&`));
  return network;
}
