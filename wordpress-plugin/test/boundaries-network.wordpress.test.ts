/**
 * The boundary route as a subsite's admin on a network uses it (manage_options on their site, no more):
 * a network of its own, so the shared site of the other files stays a single site. The site's upload
 * space holds every byte of a run, its pieces and the runs begun before it, read past the cache
 * WordPress keeps of folder sizes (docs/admin.md, *Zip boundary files*).
 */
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, request as requests } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startNetwork } from './wordpress-network.ts';
import { phpString, runPhp, type WordPressSite } from './wordpress-server.ts';
import { describeWordPress, suiteSite } from './wordpress-suite.ts';

const SUBSITE_ADMIN = { user: 'subsite-admin', password: 'subsite-admin-password-123' };

describeWordPress('the boundary route on a network', () => {
  let network: { site: WordPressSite; stop: () => Promise<void> } | undefined;
  let api: APIRequestContext | undefined;
  const site = () => {
    if (!network) throw new Error('the network did not start');
    return network.site;
  };
  const php = (code: string) => runPhp(site(), code);
  const subsite = () => `${site().url}/site-2`;

  beforeAll(async () => {
    const suite = suiteSite();
    if (!suite) throw new Error('the suite has no WordPress');
    // The same release as the suite's own site, and the plugin zip it installed (not its plugin folder,
    // which other files of the suite change as they run).
    network = await startNetwork(suite.release.source);
    // Site 2 may hold 1 MB, as a network checks it; its admin administers it alone.
    await php(`
      $id = wp_insert_site( array( 'domain' => DOMAIN_CURRENT_SITE, 'path' => '/site-2/' ) );
      if ( is_wp_error( $id ) ) { fwrite( STDERR, $id->get_error_message() ); exit( 1 ); }
      update_site_option( 'upload_space_check_disabled', 0 );
      require_once ABSPATH . 'wp-admin/includes/file.php';
      WP_Filesystem();
      $unzipped = unzip_file( ${phpString(suite.zip)}, WP_PLUGIN_DIR );
      if ( is_wp_error( $unzipped ) ) { fwrite( STDERR, $unzipped->get_error_message() ); exit( 1 ); }
      $activated = activate_plugin( 'donation-widgets/donation-widgets.php', '', true );
      if ( is_wp_error( $activated ) ) { fwrite( STDERR, $activated->get_error_message() ); exit( 1 ); }
      $user = wpmu_create_user( ${phpString(SUBSITE_ADMIN.user)}, ${phpString(SUBSITE_ADMIN.password)}, 'subsite-admin@example.test' );
      add_user_to_blog( $id, $user, 'administrator' );
      switch_to_blog( $id );
      update_option( 'blog_upload_space', 1 );
      restore_current_blog();
    `);
    api = await requests.newContext();
  }, 300_000);
  afterAll(async () => {
    await api?.dispose();
    await network?.stop();
  });

  it('keeps a subsite admin within the site’s upload space: pieces, runs begun again and media counted', async () => {
    if (!api) throw new Error('no request context');
    const client = api;
    // PHP's server keeps compiled files for a moment (OPcache checks a file's time every 2 s): wait until
    // it reads wp-config.php as a network's, where the subsite runs the plugin.
    await expect
      .poll(
        async () => {
          const index = await (await client.get(`${subsite()}/?rest_route=/`)).json().catch(() => ({}));
          return (index as { namespaces?: string[] }).namespaces?.includes('donation-widgets/v1') ?? false;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await client.get(`${site().url}/wp-login.php`);
    const login = await client.post(`${site().url}/wp-login.php`, {
      form: { log: SUBSITE_ADMIN.user, pwd: SUBSITE_ADMIN.password, 'wp-submit': 'Log In', testcookie: '1' },
      maxRedirects: 0,
    });
    expect(login.status()).toBe(302);
    // A REST nonce is the user's on every site (PHP's own server has no rewrite for a subsite's wp-admin).
    const nonce = await (await client.get(`${site().url}/wp-admin/admin-ajax.php?action=rest-nonce`)).text();
    // The subsite answers its admin with what a set may be there.
    const status = await client.get(`${subsite()}/?rest_route=/donation-widgets/v1/boundaries`, {
      headers: { 'X-WP-Nonce': nonce },
    });
    expect([status.status(), await status.text()]).toEqual([200, expect.stringContaining('"limits"')]);
    const post = (data: object) =>
      client.post(`${subsite()}/?rest_route=/donation-widgets/v1/boundaries`, {
        headers: { 'X-WP-Nonce': nonce },
        data,
      });
    // The site's media: 600 KB of its 1 MB.
    const uploads = JSON.parse(
      await php("switch_to_blog( 2 ); echo wp_json_encode( wp_upload_dir( null, false )['basedir'] );"),
    ) as string;
    await mkdir(path.join(uploads, '2025'), { recursive: true });
    await writeFile(path.join(uploads, '2025/media.bin'), Buffer.alloc(600 * 1024, 1));
    const piece = (kb: number) => 'x'.repeat(kb * 1024);
    const begin = async () => {
      const begun = await post({ action: 'begin' });
      expect([begun.status(), begun.status() === 200 ? '' : await begun.text()]).toEqual([200, '']);
      return (await begun.json()).run as string;
    };
    const send = (run: string, text: string, at: number) =>
      post({ action: 'send', run, files: [{ name: 'zip44001.kml', text, at, end: false }] });
    /** Every byte under the site's uploads folder and in the runs' pieces folders. */
    const used = async (runs: string[]) => {
      let bytes = 0;
      const folders = [
        uploads,
        ...runs.map((run) => path.join(tmpdir(), `donation-widgets-boundaries-${run}`)),
      ];
      for (const folder of folders) {
        const names = await readdir(folder, { recursive: true }).catch(() => [] as string[]);
        for (const name of names.map(String)) {
          const info = await stat(path.join(folder, name));
          if (info.isFile()) bytes += info.size;
        }
      }
      return bytes;
    };

    // A run, then another begun beside it, each of a piece that fits the space left alone.
    const earlier = await begin();
    expect((await send(earlier, piece(400), 0)).status()).toBe(200);
    const later = await begin();
    expect((await send(later, piece(400), 0)).status()).toBe(200);
    expect(await used([earlier, later])).toBeLessThanOrEqual(1024 * 1024);
    // And more of the same file than is left.
    const over = await send(later, piece(100), 400 * 1024);
    expect([over.status(), (await over.json()).message]).toEqual([
      413,
      expect.stringMatching(
        /^zip44001\.kml: the files need more than the \d+ KB of upload space this site has left\.$/,
      ),
    ]);
  });
});
