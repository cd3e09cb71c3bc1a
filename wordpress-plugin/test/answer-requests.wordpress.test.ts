/**
 * The plugin's side of the one rule for which requests a kept answer may answer
 * (mock-server/wordpress/answer-requests.cases.json): the question or the reason the pipeline gives each
 * case once WordPress has matched it to the route, the wire taking or refusing each over HTTP, and the
 * printed search taking or refusing the page requests among them. The demo runs the same cases
 * (mock-server/test/answer-requests.test.js).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import cases from '../../mock-server/wordpress/answer-requests.cases.json' with { type: 'json' };
import { phpValue } from './php-cli.ts';
import { getRaw, sendRaw } from './raw-get.ts';
import { describeWordPress, pageWith, useWordPress } from './wordpress-suite.ts';

interface AnswerCase {
  case: string;
  url: string;
  method?: string;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  body?: string;
  question: Record<string, string> | null;
  refused: string | null;
  printed?: boolean;
}
const shared = cases as AnswerCase[];

/** The case's headers with its cookies, and the fixture's `keep` so that the site keeps answers. */
const headersOf = (rule: AnswerCase) => {
  const cookies = Object.entries({ fixture: 'keep', ...rule.cookies }).map(
    ([name, value]) => `${name}=${encodeURIComponent(value)}`,
  );
  return { ...rule.headers, cookie: cookies.join('; ') };
};

describeWordPress('which requests a kept answer may answer', () => {
  const wp = useWordPress();

  beforeEach(async () => {
    await wp.php(`donation_widgets_delete_kept_answers(); donation_widgets_forget_answers();`);
  });

  it('the pipeline reads each question, or its reason, once WordPress matched the request to the route', async () => {
    const read = await wp.php(`
      $GLOBALS['donations_fixture_switches'][] = 'keep';
      $server = rest_get_server();
      $seen   = array();
      foreach ( ${phpValue(shared)} as $rule ) {
        $parts = wp_parse_url( $rule['url'] );
        parse_str( $parts['query'] ?? '', $query );
        $route = 0 === strpos( $parts['path'], '/wp-json' ) ? substr( $parts['path'], strlen( '/wp-json' ) ) : $query['rest_route'];
        $request = new WP_REST_Request( $rule['method'] ?? 'GET', $route );
        $request->set_query_params( $query );
        $request->set_headers( $server->get_headers( array_combine( array_map( function ( $name ) { return 'HTTP_' . strtoupper( str_replace( '-', '_', $name ) ); }, array_keys( $rule['headers'] ?? array() ) ), array_values( $rule['headers'] ?? array() ) ) ) );
        $request->set_body( $rule['body'] ?? '' );
        // As serve_request() overrides the method before it dispatches.
        if ( isset( $query['_method'] ) ) {
          $request->set_method( $query['_method'] );
        } elseif ( null !== $request->get_header( 'x_http_method_override' ) ) {
          $request->set_method( $request->get_header( 'x_http_method_override' ) );
        }
        $_COOKIE = $rule['cookies'] ?? array();
        $_GET    = $query;
        $asked   = null;
        $stop    = function ( $result, $dispatched ) use ( &$asked ) {
          $asked = donation_widgets_answer_question( $dispatched );
          return new WP_REST_Response( null );
        };
        add_filter( 'rest_dispatch_request', $stop, 1, 2 );
        rest_do_request( $request );
        remove_filter( 'rest_dispatch_request', $stop, 1 );
        $seen[] = null === $asked ? 'not dispatched' : array(
          'question' => null === $asked['refused'] ? $asked['query'] : null,
          'refused'  => $asked['refused'],
        );
      }
      echo wp_json_encode( $seen );
    `);
    expect(JSON.parse(read)).toEqual(shared.map(({ question, refused }) => ({ question, refused })));
  });

  describe('the wire', () => {
    it.each(shared)('$case', async (rule) => {
      const send = () =>
        sendRaw(wp.site.url, rule.url, { method: rule.method, headers: headersOf(rule), body: rule.body });
      const first = await send();
      const second = await send();
      const states = [first, second].map((answer) => answer.headers['x-donation-widgets-cache']);
      if (rule.refused === null) {
        expect(states).toEqual(['miss', 'hit']);
        expect(JSON.parse(second.body.toString()).request).toEqual(rule.question);
        expect(second.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
        return;
      }
      // Refused by WordPress before the route (a nonce or a password it does not know), or by the wire.
      for (const state of states) expect([undefined, 'bypass']).toContain(state);
      if (rule.refused !== 'not-kept') expect(second.headers['cache-control']).not.toMatch(/public/);
    });
  });

  describe('the printed search', () => {
    let path = '';
    beforeEach(async () => {
      path ||= await pageWith(wp.php, 'answer-requests', '[donation_widget island="donors-search"]');
      // A visitor's kept answer, told apart from the route's own by its one donation.
      await wp.php(`
        $GLOBALS['donations_fixture_switches'][] = 'keep';
        $json = wp_json_encode( array(
          'request'              => array( 'zipcode' => '10001', 'radius' => '30', 'days' => '90' ),
          'coordinates'          => array( 'lat' => 40.748, 'lng' => -73.997 ),
          'donations_by_zipcode' => array( '10001' => 1 ),
          'data'                 => array( 'donations' => array( array( 'title' => 'Kept for visitors', 'date' => gmdate( 'Y-m-d H:i:s' ), 'zipcode' => '10001', 'coordinates' => array( 'lat' => 40.748, 'lng' => -73.997 ), 'number' => 1 ) ) ),
        ) );
        donation_widgets_keep_answer( donation_widgets_answer_key( array( 'zipcode' => '10001', 'radius' => '30', 'days' => '90' ) ), 200, $json, donation_widgets_answers_snapshot(), null );
      `);
    });

    it.each(shared.filter(({ printed }) => printed))('$case', async (rule) => {
      const query = new URL(rule.url, wp.site.url).search.replace(/^\?/, '&');
      const page = await getRaw(
        wp.site.url,
        `${path}?zipcode=10001&radius=30&days=90${query}`,
        headersOf(rule),
      );
      expect(page.status).toBe(200);
      expect(page.body.toString().includes('Kept for visitors')).toBe(rule.refused === null);
    });
  });
});
