/**
 * Kept answers anyone can trust (docs/how-it-works.md#search-answers-kept-and-compressed): a request can
 * put an answer only under the question the route read, staff never read or fill the visitors' store, the
 * route's own gates come before a kept answer, an answer that sets a cookie or is reshaped is nobody's
 * to share, a question has one row, and misses of one question at once run the route once.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getRaw, type RawAnswer, sendRaw } from './raw-get.ts';
import { readDebugLog } from './wordpress-server.ts';
import { describeWordPress, pageWith, useWordPress } from './wordpress-suite.ts';

const SEARCH = '/wp-json/donations/v1/search/';
const KEEP = { cookie: 'fixture=keep' };

const state = (answer: RawAnswer) => answer.headers['x-donation-widgets-cache'];
const asked = (answer: RawAnswer) => JSON.parse(answer.body.toString()).request;
const question = (path: string) => {
  const [zipcode, radius, days] = path.split('?')[0]?.split('/') ?? [];
  return { zipcode, radius, days };
};

describeWordPress('kept answers anyone can trust', () => {
  const wp = useWordPress();
  const search = (path: string, headers: Record<string, string> = KEEP) =>
    getRaw(wp.site.url, SEARCH + path, headers);
  const routeRuns = async () =>
    (await readDebugLog(wp.site)).filter((line) => line.includes('$request = ')).length;

  beforeEach(async () => {
    await wp.php(
      `donation_widgets_delete_kept_answers(); donation_widgets_forget_answers(); delete_option( DONATION_WIDGETS_OPTION );`,
    );
  });

  describe('a request keeps an answer only under the question the route read', () => {
    it.each([
      ['a zip', '10001/30/90?zipcode=60601', '10001/30/90', '60601/30/90'],
      ['a radius', '10001/15/90?radius=60', '10001/15/90', '10001/60/90'],
      ['days', '10001/30/30?days=90', '10001/30/30', '10001/30/90'],
    ])('%s in the query', async (_, poisoned, plain, own) => {
      expect(state(await search(poisoned))).toBe('miss');
      const clean = await search(plain);
      expect([state(clean), asked(clean)]).toEqual(['miss', question(plain)]);
      const kept = await search(own);
      expect([state(kept), asked(kept)]).toEqual(['hit', question(own)]);
    });

    it.each([
      ['a JSON body', 'GET', {}],
      ['a POST turned into a GET by _method, with a JSON body', 'POST', {}, '?_method=GET'],
      [
        'a POST turned into a GET by X-HTTP-Method-Override, with a JSON body',
        'POST',
        { 'X-HTTP-Method-Override': 'GET' },
      ],
    ])('%s: answered for itself, privately, and never kept', async (_, method, headers, query = '') => {
      const sent = await sendRaw(wp.site.url, `${SEARCH}10001/30/90${query}`, {
        method,
        headers: { ...KEEP, ...headers, 'Content-Type': 'application/json' },
        body: '{"zipcode":"60601"}',
      });
      expect([state(sent), sent.headers['cache-control']]).toEqual(['bypass', 'private, no-cache']);
      const clean = await search('10001/30/90');
      expect([state(clean), asked(clean)]).toEqual(['miss', question('10001/30/90')]);
    });

    it('the path in other letter cases asks the same question, and a name the route does not read changes nothing', async () => {
      expect(state(await search('10001/30/90'))).toBe('miss');
      const upper = await getRaw(wp.site.url, '/wp-json/Donations/V1/Search/10001/30/90?ZIPCODE=60601', KEEP);
      expect([state(upper), asked(upper)]).toEqual(['hit', question('10001/30/90')]);
    });

    it('_fields on a route that returns its data: the trimmed answer is never kept nor public', async () => {
      const returning = { cookie: 'fixture=keep,returning' };
      const trimmed = await search('10011/30/90?_fields=coordinates', returning);
      expect(Object.keys(JSON.parse(trimmed.body.toString()))).toEqual(['coordinates']);
      expect([state(trimmed), trimmed.headers['cache-control']]).toEqual(['bypass', 'private, no-cache']);
      const whole = await search('10011/30/90', returning);
      expect(state(whole)).toBe('miss');
      expect(JSON.parse(whole.body.toString()).data.donations.length).toBeGreaterThan(0);
    });
  });

  describe('staff apart', () => {
    /** An editor's login cookie and REST nonce, as the browser of a signed-in editor sends them. */
    const signedIn = async () =>
      JSON.parse(
        await wp.php(`
          $token  = WP_Session_Tokens::get_instance( 1 )->create( time() + HOUR_IN_SECONDS );
          $cookie = wp_generate_auth_cookie( 1, time() + HOUR_IN_SECONDS, 'logged_in', $token );
          $_COOKIE[ LOGGED_IN_COOKIE ] = $cookie;
          wp_set_current_user( 1 );
          echo wp_json_encode( array( 'cookie' => LOGGED_IN_COOKIE . '=' . rawurlencode( $cookie ), 'nonce' => wp_create_nonce( 'wp_rest' ) ) );
        `),
      ) as { cookie: string; nonce: string };
    const applicationPassword = async () => {
      const password = await wp.php(`
        $made = WP_Application_Passwords::create_new_application_password( 1, array( 'name' => 'search ' . wp_rand() ) );
        echo $made[0];
      `);
      return `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
    };
    const staff: [string, () => Promise<Record<string, string>>][] = [
      [
        'a signed-in editor',
        async () => {
          const { cookie, nonce } = await signedIn();
          return { cookie: `fixture=keep; ${cookie}`, 'X-WP-Nonce': nonce };
        },
      ],
      [
        'a visitor’s nonce',
        async () => ({
          ...KEEP,
          'X-WP-Nonce': await wp.php(`wp_set_current_user( 0 ); echo wp_create_nonce( 'wp_rest' );`),
        }),
      ],
      [
        'an application password',
        async () => ({ cookie: 'fixture=keep,app-passwords', Authorization: await applicationPassword() }),
      ],
    ];

    it.each(staff)('%s never gets the visitors’ kept answer', async (_, headers) => {
      await search('10001/30/90');
      expect(state(await search('10001/30/90'))).toBe('hit');
      const own = await search('10001/30/90', await headers());
      expect([own.status, state(own), own.headers['cache-control']]).toEqual([
        200,
        'bypass',
        'private, no-cache',
      ]);
    });

    it.each(staff)('%s never fills the visitors’ store', async (_, headers) => {
      const own = await search('10451/30/90', await headers());
      expect([own.status, state(own)]).toEqual([200, 'bypass']);
      expect(state(await search('10451/30/90'))).toBe('miss');
    });

    it('the route saw the editor and the application password’s user, so the answer was theirs', async () => {
      const { cookie, nonce } = await signedIn();
      const editor = await search('10001/30/90', { cookie: `fixture=keep; ${cookie}`, 'X-WP-Nonce': nonce });
      const app = await search('10001/30/90', {
        cookie: 'fixture=keep,app-passwords',
        Authorization: await applicationPassword(),
      });
      expect([editor.headers['x-fixture-user'], app.headers['x-fixture-user']]).toEqual(['1', '1']);
    });
  });

  describe("the route's gates first", () => {
    it('a request the route’s permission_callback denies gets the denial, not the kept answer', async () => {
      await search('10001/30/90');
      expect(state(await search('10001/30/90'))).toBe('hit');
      const denied = await search('10001/30/90', { cookie: 'fixture=keep,deny' });
      expect([denied.status, JSON.parse(denied.body.toString()).code, state(denied)]).toEqual([
        401,
        'rest_forbidden',
        undefined,
      ]);
    });

    it('nor does a page that prints the search for such a request', async () => {
      const path = await pageWith(wp.php, 'trust-denied', '[donation_widget island="donors-search"]');
      await search('10451/30/90');
      const page = await getRaw(wp.site.url, `${path}?zipcode=10451&radius=30&days=90`, {
        cookie: 'fixture=keep,deny',
      });
      expect(page.body.toString()).not.toContain('Dining table');
    });

    it('a kept answer of a route that returns its data goes on through core, with its CORS and Allow headers', async () => {
      const headers = { cookie: 'fixture=keep,returning', Origin: 'https://elsewhere.test' };
      const miss = await search('10011/30/90', headers);
      const hit = await search('10011/30/90', headers);
      expect([state(miss), state(hit)]).toEqual(['miss', 'hit']);
      for (const name of ['allow', 'access-control-allow-origin', 'content-type']) {
        expect([name, hit.headers[name]]).toEqual([name, miss.headers[name]]);
      }
      expect(hit.headers.allow).toBe('GET');
      expect(hit.body.equals(miss.body)).toBe(true);
    });
  });

  it('an answer that sets a cookie is neither kept nor public', async () => {
    const headers = { cookie: 'fixture=keep,sets-cookie' };
    const first = await search('10001/30/90', headers);
    expect(first.headers['set-cookie']?.[0]).toMatch(/^fixture_session=/);
    expect([state(first), first.headers['cache-control']]).toEqual(['miss', 'private, no-cache']);
    expect(state(await search('10001/30/90', headers))).toBe('miss');
  });

  it('a question has one row: a crawl, a donation, the same crawl leave as many rows as questions', async () => {
    const crawl = ['10001/30/90', '10011/30/90', '60601/30/90'];
    for (const path of crawl) expect(state(await search(path))).toBe('miss');
    await wp.php('donation_widgets_forget_answers();');
    for (const path of crawl) expect(state(await search(path))).toBe('miss');
    const rows = await wp.php(`
      global $wpdb;
      echo (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( '_transient_' . DONATION_WIDGETS_ANSWERS_GROUP . '_' ) . '%' ) );
    `);
    expect(Number(rows)).toBe(crawl.length);
  });

  it('keeps the zips the answer’s search covered, as the route says them', async () => {
    expect(state(await search('60601/15/90', { cookie: 'fixture=keep,reach' }))).toBe('miss');
    const reach = await wp.php(`
      $kept = donation_widgets_read_kept( donation_widgets_answer_key( array( 'zipcode' => '60601', 'radius' => '15', 'days' => '90' ) ), true );
      echo wp_json_encode( $kept['reach'] );
    `);
    expect(JSON.parse(reach)).toEqual(['60601']);
  });

  it('misses of one question at once run the route once; the others wait for its answer', async () => {
    const headers = { cookie: 'fixture=keep,slow' };
    const before = await routeRuns();
    const answers = await Promise.all([0, 1, 2, 3].map(() => search('10011/45/60', headers)));
    expect(await routeRuns()).toBe(before + 1);
    // One ran the route; each other waited for it, or came once it was kept.
    const states = answers.map(state);
    expect(states.filter((one) => one === 'miss')).toEqual(['miss']);
    expect(states.filter((one) => one !== 'miss').every((one) => one === 'wait' || one === 'hit')).toBe(true);
    expect(states).toContain('wait');
    for (const answer of answers) {
      expect(answer.body.equals(answers[0]?.body ?? Buffer.alloc(0))).toBe(true);
      expect(answer.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    }
    const claims = await wp.php(`
      global $wpdb;
      echo (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( DONATION_WIDGETS_CLAIM_PREFIX ) . '%' ) );
    `);
    expect(claims).toBe('0');
  });

  it('a claim its request never released is taken over once stale', async () => {
    const key = `donation_widgets_answer_key( array( 'zipcode' => '10451', 'radius' => '45', 'days' => '60' ) )`;
    const taken = await wp.php(`
      global $wpdb;
      $first  = donation_widgets_claim_answer( ${key} );
      $second = donation_widgets_claim_answer( ${key} );
      $wpdb->update( $wpdb->options, array( 'option_value' => ( time() - 1 ) . '|' . $first ), array( 'option_name' => DONATION_WIDGETS_CLAIM_PREFIX . ${key} ) );
      $third = donation_widgets_claim_answer( ${key} );
      donation_widgets_release_answer( ${key}, $first );
      $held = donation_widgets_answer_claimed( ${key} );
      donation_widgets_release_answer( ${key}, $third );
      echo wp_json_encode( array( is_string( $first ), $second, is_string( $third ), $held, donation_widgets_answer_claimed( ${key} ) ) );
    `);
    expect(JSON.parse(taken)).toEqual([true, null, true, true, false]);
  });
});
