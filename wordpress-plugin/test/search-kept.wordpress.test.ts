/**
 * The donations route's answers kept and reused (docs/how-it-works.md#search-answers-kept-and-compressed):
 * a miss then a hit with the same bytes, every kept answer forgotten when a donation changes, errors and
 * made-up searches never kept, the page's printed search reading the same store, and the headers that
 * say so. The fixture keeps answers only under its `keep` switch; `real-posts` makes its route read the
 * site's donation posts, as Donation Manager's does.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SETTINGS, saveSettings } from './admin.ts';
import { getRaw } from './raw-get.ts';
import { phpString, readDebugLog } from './wordpress-server.ts';
import { describeWordPress, pageWith, useWordPress } from './wordpress-suite.ts';

const SEARCH = '/wp-json/donations/v1/search/';
const KEEP = { cookie: 'fixture=keep' };
const REAL = { cookie: 'fixture=keep,real-posts' };

/** How many times the fixture's route ran: it writes each request to the log, as the real one does. */
const routeRuns = async (site: Parameters<typeof readDebugLog>[0]) =>
  (await readDebugLog(site)).filter((line) => line.includes('$request = ')).length;

describeWordPress('search answers, kept and reused', () => {
  const wp = useWordPress();
  const search = (path: string, headers: Record<string, string> = KEEP) =>
    getRaw(wp.site.url, SEARCH + path, headers);

  // The files after this one find the settings as WordPress left them.
  afterAll(async () => {
    await wp.php(`delete_option( DONATION_WIDGETS_OPTION );`);
  });

  beforeEach(async () => {
    await wp.php(`donation_widgets_forget_answers(); delete_option( DONATION_WIDGETS_OPTION );`);
  });

  it('answers a search from the route once, then from the store with the same bytes', async () => {
    const first = await search('10001/15/30');
    const second = await search('10001/15/30');
    expect(first.headers['x-donation-widgets-cache']).toBe('miss');
    expect(second.headers['x-donation-widgets-cache']).toBe('hit');
    expect(second.status).toBe(200);
    expect(second.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(second.body.equals(first.body)).toBe(true);
    expect(JSON.parse(first.body.toString()).request).toEqual({ zipcode: '10001', radius: '15', days: '30' });
  });

  it('keeps an answer the route returned rather than printed', async () => {
    const returning = { cookie: 'fixture=keep,returning' };
    expect((await search('10011/15/30', returning)).headers['x-donation-widgets-cache']).toBe('miss');
    expect((await search('10011/15/30', returning)).headers['x-donation-widgets-cache']).toBe('hit');
  });

  it.each([
    ['a serialized WP_Error', '99999/15/30', 'keep'],
    ['JSON null', '10001/15/30', 'keep,route-null'],
    ['a returned error with its status', '10001/15/30', 'keep,returns-error'],
    ['text that is not JSON', '10001/15/30', 'keep,not-json'],
    ["PHP's warnings before the JSON", '99999/15/30', 'keep,display-errors'],
    ['wp_send_json_success()', '10001/15/30', 'keep,send-json-success'],
  ])('never keeps %s, nor lets a CDN or browser keep it', async (_, path, fixture) => {
    for (let time = 0; time < 2; time += 1) {
      const { headers } = await search(path, { cookie: `fixture=${fixture}` });
      expect([headers['x-donation-widgets-cache'], headers['cache-control']]).toEqual([
        'miss',
        'public, max-age=0',
      ]);
    }
  });

  it.each([
    ['a radius the forms do not offer', '10001/16/30'],
    ['days the forms do not offer', '10001/15/99'],
  ])('keeps nothing for %s', async (_, path) => {
    const answer = await search(path);
    expect(answer.headers['x-donation-widgets-cache']).toBe('bypass');
    expect((await search(path)).headers['x-donation-widgets-cache']).toBe('bypass');
    expect(JSON.parse(answer.body.toString()).coordinates).toEqual({ lat: 40.748, lng: -73.997 });
  });

  it('refuses keys for a zip that is not five digits, and answers too large for any store once packed', async () => {
    const kept = await wp.php(`
      $GLOBALS['donations_fixture_switches'][] = 'keep';
      $now   = donation_widgets_answers_snapshot();
      $large = '{"coordinates":{"lat":1,"lng":1},"pad":"' . str_repeat( 'x', 1048576 ) . '"}';
      $noise = '{"coordinates":{"lat":1,"lng":1},"pad":"' . bin2hex( random_bytes( 700000 ) ) . '"}';
      echo wp_json_encode( array(
        'zip'      => donation_widgets_answer_key( array( 'zipcode' => '1000', 'radius' => '15', 'days' => '30' ) ),
        'zip6'     => donation_widgets_answer_key( array( 'zipcode' => '100011', 'radius' => '15', 'days' => '30' ) ),
        // What is kept comes back packed, the gzip that a client taking gzip is sent as it is.
        'large'    => donation_widgets_keep_answer( 'answer_large', 200, $large, $now, null ) === donation_widgets_pack_answer( $large ),
        'same'     => donation_widgets_kept_answer( 'answer_large', $now )['json'] === $large,
        'gzip'     => gzdecode( donation_widgets_packed_gzip( donation_widgets_pack_answer( $large ) ) ) === $large,
        'noise'    => donation_widgets_keep_answer( 'answer_noise', 200, $noise, $now, null ),
        'small'    => is_string( donation_widgets_keep_answer( 'answer_small', 200, '{"coordinates":{"lat":1,"lng":1}}', $now, null ) ),
        'damaged'  => donation_widgets_unpack_answer( 'gz1:' . base64_encode( 'not gzip' ) ),
        'untagged' => donation_widgets_packed_gzip( base64_encode( gzencode( $large ) ) ),
      ) );
    `);
    expect(JSON.parse(kept)).toEqual({
      zip: null,
      zip6: null,
      large: true,
      same: true,
      gzip: true,
      noise: null,
      small: true,
      damaged: null,
      untagged: null,
    });
  });

  it('keeps nothing once Settings says 0 minutes', async () => {
    const { page } = await wp.open(SETTINGS, { admin: true });
    expect(await page.getByLabel('Keep search answers', { exact: true }).inputValue()).toBe('5');
    await saveSettings(page, { 'Keep search answers': '0' });
    expect((await search('10001/15/30')).headers['x-donation-widgets-cache']).toBe('bypass');
    expect((await search('10001/15/30')).headers['x-donation-widgets-cache']).toBe('bypass');
  });

  it('keeps nothing when the setting is 0', async () => {
    await wp.php(`update_option( DONATION_WIDGETS_OPTION, array( 'donation_widgets_answers_life' => 0 ) );`);
    expect((await search('10001/15/30')).headers['x-donation-widgets-cache']).toBe('bypass');
    expect((await search('10001/15/30')).headers['x-donation-widgets-cache']).toBe('bypass');
  });

  describe('headers', () => {
    it('lets a visitor’s answer be cached publicly for no longer than its life', async () => {
      await wp.php(
        `update_option( DONATION_WIDGETS_OPTION, array( 'donation_widgets_answers_life' => 2 ) );`,
      );
      const miss = await search('10001/15/30');
      const hit = await search('10001/15/30');
      expect(miss.headers['cache-control']).toBe('public, max-age=120');
      expect(hit.headers['cache-control']).toMatch(/^public, max-age=(\d+)$/);
      expect(Number(/max-age=(\d+)/.exec(String(hit.headers['cache-control']))?.[1])).toBeLessThanOrEqual(
        120,
      );
    });

    it('keeps an answer private for a request with a nonce', async () => {
      // A visitor's nonce, which WordPress accepts without a login.
      const nonce = await wp.php(`echo wp_create_nonce( 'wp_rest' );`);
      const answer = await search('10001/15/30', { ...KEEP, 'X-WP-Nonce': nonce });
      expect(answer.headers['x-donation-widgets-cache']).toBe('bypass');
      expect(answer.headers['cache-control']).toBe('private, no-cache');
    });

    it('keeps an answer private for a request with a login cookie, even one WordPress refuses', async () => {
      const name = await wp.php('echo LOGGED_IN_COOKIE;');
      const answer = await search('10001/15/30', { cookie: `fixture=keep; ${name}=admin%7C1%7Cx%7Cy` });
      expect(answer.headers['cache-control']).toBe('private, no-cache');
    });
  });

  describe('a donation changed shows in the next answer', () => {
    const titles = (answer: { body: Buffer }) =>
      (JSON.parse(answer.body.toString()).data.donations as { title: string }[]).map(({ title }) => title);
    let id = '';

    beforeAll(async () => {
      id = await wp.php(`
        $id = wp_insert_post( array( 'post_type' => 'donation', 'post_status' => 'publish', 'post_title' => 'Armchair - Ada Poe' ) );
        wp_set_object_terms( $id, '60601', 'pickup_code' );
        echo $id;
      `);
    });

    /** Keeps the answer, makes the change, and expects the next answer from the route, with `title` or without. */
    const expectForgotten = async (change: string, shown: boolean, title = 'Armchair') => {
      expect((await search('60601/15/30', REAL)).headers['x-donation-widgets-cache']).toMatch(/^(miss|hit)$/);
      expect((await search('60601/15/30', REAL)).headers['x-donation-widgets-cache']).toBe('hit');
      await wp.php(change);
      const next = await search('60601/15/30', REAL);
      expect(next.headers['x-donation-widgets-cache']).toBe('miss');
      expect(titles(next).includes(title)).toBe(shown);
    };

    it('when one is given another pickup code', async () => {
      await expectForgotten(`wp_set_object_terms( ${id}, '10001', 'pickup_code' );`, false);
      await expectForgotten(`wp_set_object_terms( ${id}, '60601', 'pickup_code' );`, true);
    });

    it('when one is trashed, restored or saved', async () => {
      await expectForgotten(`wp_trash_post( ${id} );`, false);
      await expectForgotten(`wp_untrash_post( ${id} ); wp_publish_post( ${id} );`, true);
      await expectForgotten(
        `wp_update_post( array( 'ID' => ${id}, 'post_title' => ${phpString('Armchair, Lamp - Ada Poe')} ) );`,
        false,
      );
    });

    it('when one is saved new, and when one is deleted', async () => {
      const add = `
        $id = wp_insert_post( array( 'post_type' => 'donation', 'post_status' => 'publish', 'post_title' => 'Stool - Bo Poe' ) );
        wp_set_object_terms( $id, '60601', 'pickup_code' );
        update_option( 'fixture_stool', $id );`;
      await expectForgotten(add, true, 'Stool');
      await expectForgotten(`wp_delete_post( get_option( 'fixture_stool' ), true );`, false, 'Stool');
    });
  });

  describe('the printed search', () => {
    let path = '';
    beforeAll(async () => {
      path = await pageWith(wp.php, 'kept-printed', '[donation_widget island="donors-search"]');
    });

    it('reads an answer kept from HTTP without asking the route', async () => {
      await search('10451/15/30');
      const runs = await routeRuns(wp.site);
      const page = await getRaw(wp.site.url, `${path}?zipcode=10451&radius=15&days=30`, KEEP);
      expect(page.body.toString()).toContain('Dining table &lt;b&gt;oak&lt;/b&gt;');
      expect(await routeRuns(wp.site)).toBe(runs);
    });

    it("reads the kept answer for Donation Manager's own form by address too", async () => {
      const dmPath = await pageWith(wp.php, 'kept-donation-manager', '[donors_in_your_area]');
      await search('60601/60/90');
      const runs = await routeRuns(wp.site);
      const page = await getRaw(wp.site.url, `${dmPath}?zipcode=60601&radius=60&days=90`, {
        cookie: 'fixture=keep,donation-manager',
      });
      expect(page.body.toString()).toContain('Bed frame');
      expect(await routeRuns(wp.site)).toBe(runs);
    });

    it('keeps the answer it asked the route for, for the searches that follow', async () => {
      await getRaw(wp.site.url, `${path}?zipcode=10011&radius=30&days=45`, KEEP);
      expect((await search('10011/30/45')).headers['x-donation-widgets-cache']).toBe('hit');
    });
  });
});
