/**
 * The donations route's answer compressed on the wire, once (docs/how-it-works.md#search-answers-kept-and-compressed):
 * gzip to a client that takes it (Debian's PHP has no Brotli, so the choice between the two is checked
 * in php-cli, search-encoding.test.ts), whether the route printed and exited or returned its data, on a
 * miss and on a hit; the same bytes once decompressed; nothing compressed by the plugin where PHP or the
 * web server already does it, or where Settings turned its part off.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { SETTINGS } from './admin.ts';
import { getRaw } from './raw-get.ts';
import { describeWordPress, useWordPress } from './wordpress-suite.ts';

const SEARCH = '/wp-json/donations/v1/search/10001/15/30';
const GZIP = { 'Accept-Encoding': 'gzip, deflate' };

/** The answer without its dates, which the fixture writes to the second of each request. */
const undated = (json: string) => json.replace(/"date":"[^"]*"/g, '"date":""');

describeWordPress('search answers, compressed on the wire', () => {
  const wp = useWordPress();
  const search = (fixture: string, headers: Record<string, string> = GZIP) =>
    getRaw(wp.site.url, SEARCH, { cookie: `fixture=${fixture}`, ...headers });

  // The files after this one find the settings as WordPress left them.
  afterAll(async () => {
    await wp.php(
      `delete_option( DONATION_WIDGETS_OPTION ); delete_option( DONATION_WIDGETS_COMPRESSION_VERDICT );`,
    );
  });

  beforeEach(async () => {
    await wp.php(`
      donation_widgets_forget_answers();
      delete_option( DONATION_WIDGETS_OPTION );
      update_option( DONATION_WIDGETS_COMPRESSION_VERDICT, array( 'compresses' => false, 'at' => time() ) );
    `);
  });

  describe.each([
    ['the route prints and exits', 'keep'],
    ['the route returns its data', 'keep,returning'],
  ])('when %s', (_, fixture) => {
    it('sends gzip to a client that takes it, the same bytes once decompressed, on a miss and on a hit', async () => {
      const plain = await search('', {});
      const miss = await search(fixture);
      const hit = await search(fixture);
      expect([miss.headers['x-donation-widgets-cache'], hit.headers['x-donation-widgets-cache']]).toEqual([
        'miss',
        'hit',
      ]);
      for (const answer of [miss, hit]) {
        expect(answer.headers['content-encoding']).toBe('gzip');
        expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      }
      expect(gunzipSync(hit.body).equals(gunzipSync(miss.body))).toBe(true);
      expect(undated(gunzipSync(miss.body).toString())).toBe(undated(plain.body.toString()));
    });

    it('sends a hit the gzip kept with the answer, compressed once when it was kept', async () => {
      await search(fixture);
      const hit = await search(fixture);
      const kept = await wp.php(`
        $GLOBALS['donations_fixture_switches'][] = 'keep';
        $key   = donation_widgets_answer_key( array( 'zipcode' => '10001', 'radius' => '15', 'days' => '30' ) );
        $entry = donation_widgets_kept_answer( $key, donation_widgets_answers_snapshot() );
        echo base64_encode( (string) donation_widgets_packed_gzip( $entry['packed'] ) );
      `);
      expect(hit.headers['x-donation-widgets-cache']).toBe('hit');
      expect(kept).not.toBe('');
      expect(hit.body.toString('base64')).toBe(kept);
    });

    it('sends the answer as it is to a client that takes no compression', async () => {
      const answer = await search(fixture, { 'Accept-Encoding': 'identity, gzip;q=0' });
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      expect(JSON.parse(answer.body.toString()).request).toEqual({
        zipcode: '10001',
        radius: '15',
        days: '30',
      });
    });
  });

  it('compresses an error the route printed, which it never keeps', async () => {
    const answer = await getRaw(wp.site.url, '/wp-json/donations/v1/search/99999/15/30', GZIP);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(answer.body).toString()).errors).toEqual({
      nozipcodes: ['No zip codes returned for 99999.'],
    });
  });

  it("leaves the compression to PHP's zlib.output_compression, never twice", async () => {
    const answer = await search('keep,zlib');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(answer.body).toString()).coordinates).toEqual({ lat: 40.748, lng: -73.997 });
  });

  it.each([
    ['the route prints and exits', 'keep,gzhandler'],
    ['the route returns its data', 'keep,returning,gzhandler'],
  ])(
    "leaves the compression to another plugin's ob_gzhandler buffer, never twice, when %s",
    async (_, fixture) => {
      for (const state of ['miss', 'hit']) {
        const answer = await search(fixture);
        expect(answer.headers['x-donation-widgets-cache']).toBe(state);
        expect(answer.headers['content-encoding']).toBe('gzip');
        expect(JSON.parse(gunzipSync(answer.body).toString()).coordinates).toEqual({
          lat: 40.748,
          lng: -73.997,
        });
      }
    },
  );

  it('leaves the compression to a web server found to compress JSON', async () => {
    await wp.php(
      `update_option( DONATION_WIDGETS_COMPRESSION_VERDICT, array( 'compresses' => true, 'at' => time() ) );`,
    );
    const answer = await search('keep');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toMatch(/Accept-Encoding/);
  });

  it('compresses nothing when Settings turns its part off', async () => {
    const { page } = await wp.open(SETTINGS, { admin: true });
    await page.getByLabel('Compress search answers').uncheck();
    await Promise.all([
      page.waitForURL(/settings-updated=true/),
      page.getByRole('button', { name: 'Save Changes' }).click(),
    ]);
    const answer = await search('keep');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.body.toString()).coordinates).toEqual({ lat: 40.748, lng: -73.997 });
  });

  describe('the probe of the web server', () => {
    it('finds that this server does not compress, and stores the verdict', async () => {
      const verdict = await wp.php(`
        delete_option( DONATION_WIDGETS_COMPRESSION_VERDICT );
        $verdict = donation_widgets_probe_compression();
        echo wp_json_encode( array( $verdict['compresses'], get_option( DONATION_WIDGETS_COMPRESSION_VERDICT )['compresses'] ) );
      `);
      expect(JSON.parse(verdict)).toEqual([false, false]);
    });

    it('finds a server that answers the probe compressed', async () => {
      const verdict = await wp.php(`
        add_filter( 'pre_http_request', function () {
          return array( 'headers' => array( 'content-encoding' => 'gzip' ), 'body' => '', 'response' => array( 'code' => 200, 'message' => 'OK' ), 'cookies' => array() );
        } );
        echo wp_json_encode( donation_widgets_probe_compression()['compresses'] );
      `);
      expect(verdict).toBe('true');
    });

    it('asks again once the verdict is a day old', async () => {
      const scheduled = await wp.php(`
        wp_clear_scheduled_hook( DONATION_WIDGETS_COMPRESSION_PROBE );
        update_option( DONATION_WIDGETS_COMPRESSION_VERDICT, array( 'compresses' => true, 'at' => time() - HOUR_IN_SECONDS ) );
        donation_widgets_schedule_compression_probe();
        $fresh = (bool) wp_next_scheduled( DONATION_WIDGETS_COMPRESSION_PROBE );
        update_option( DONATION_WIDGETS_COMPRESSION_VERDICT, array( 'compresses' => true, 'at' => time() - DAY_IN_SECONDS ) );
        donation_widgets_schedule_compression_probe();
        echo wp_json_encode( array( $fresh, (bool) wp_next_scheduled( DONATION_WIDGETS_COMPRESSION_PROBE ) ) );
        wp_clear_scheduled_hook( DONATION_WIDGETS_COMPRESSION_PROBE );
      `);
      expect(JSON.parse(scheduled)).toEqual([false, true]);
    });

    it('records a probe the site did not answer, and asks again a day later, not on every search', async () => {
      const refused = `add_filter( 'pre_http_request', function () {
        return new WP_Error( 'http_request_failed', 'cURL error 7: Failed to connect to 127.0.0.1' );
      } );`;
      const failed = JSON.parse(
        await wp.php(`
          wp_clear_scheduled_hook( DONATION_WIDGETS_COMPRESSION_PROBE );
          update_option( DONATION_WIDGETS_COMPRESSION_VERDICT, array( 'compresses' => true, 'at' => time() - 2 * DAY_IN_SECONDS ) );
          ${refused}
          $answer = donation_widgets_probe_compression();
          $kept   = get_option( DONATION_WIDGETS_COMPRESSION_VERDICT );
          echo wp_json_encode( array( $answer, $kept['compresses'], $kept['answered'], time() - $kept['at'] < 60 ) );
        `),
      );
      // The web server's last answer stands: nothing was learnt about it.
      expect(failed).toEqual([null, true, false, true]);
      await search('keep');
      await search('keep');
      const scheduled = JSON.parse(
        await wp.php(`
          $soon  = (bool) wp_next_scheduled( DONATION_WIDGETS_COMPRESSION_PROBE );
          $kept  = get_option( DONATION_WIDGETS_COMPRESSION_VERDICT );
          update_option( DONATION_WIDGETS_COMPRESSION_VERDICT, array_merge( $kept, array( 'at' => $kept['at'] - DAY_IN_SECONDS ) ) );
          donation_widgets_schedule_compression_probe();
          $later = (bool) wp_next_scheduled( DONATION_WIDGETS_COMPRESSION_PROBE );
          wp_clear_scheduled_hook( DONATION_WIDGETS_COMPRESSION_PROBE );
          echo wp_json_encode( array( $soon, $later ) );
        `),
      );
      expect(scheduled).toEqual([false, true]);
    });
  });

  describe('Site Health', () => {
    const health = (setup: string) =>
      wp.php(`
        ${setup}
        require_once DONATION_WIDGETS_DIR . 'includes/site-health/site-health.php';
        $result = donation_widgets_test_compression();
        echo wp_json_encode( array( $result['status'], $result['label'] ) );
      `);

    it('says Donation widgets compresses where the web server does not', async () => {
      expect(JSON.parse(await health(''))).toEqual([
        'good',
        'Search answers travel compressed by Donation widgets',
      ]);
    });

    it('says the web server compresses where it answers the probe compressed', async () => {
      const server = `add_filter( 'pre_http_request', function () {
        return array( 'headers' => array( 'content-encoding' => 'br' ), 'body' => '', 'response' => array( 'code' => 200, 'message' => 'OK' ), 'cookies' => array() );
      } );`;
      expect(JSON.parse(await health(server))).toEqual([
        'good',
        'Search answers travel compressed by the web server',
      ]);
    });

    it('recommends the setting where neither side compresses', async () => {
      const off = `update_option( DONATION_WIDGETS_OPTION, array( 'donation_widgets_compress_answers' => false ) );`;
      expect(JSON.parse(await health(off))).toEqual(['recommended', 'Search answers travel uncompressed']);
    });
  });
});
