/**
 * A search in the page's address, on every way the donations route can answer. The site's real route
 * (Donation Manager's) answers with wp_send_json(), which prints and exits; the page must still be the
 * whole HTML page, with its own status and content type, and the search's outcome printed in the
 * island's words (docs/how-it-works.md#a-search-in-the-address). Shortcode and block, without
 * JavaScript (the HTML as fetched) and with it (the island takes the printed search over, asking
 * nothing).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWordPress, pageWith, useWordPress } from './wordpress-suite.ts';

const SEARCH_ROUTE = '/wp-json/donations/v1/search/';

/** What 10001 / 15 miles / 30 days finds in the fixture, newest first, numbered as the route numbers them. */
const ROWS = [
  ['1', 'Sofa, Dresser', '10001'],
  ['2', 'PRIORITY', '10011'],
  ['3', 'Boxes of clothes', '10011'],
  ['4', 'Dining table <b>oak</b>', '10451'],
];

const line = (message: string) => `ERROR: ${message} Please try another search.`;
/** The line of the server's own fault (an HTTP 5xx): no fault of the zip code, so later. */
const later = (message: string) => `ERROR: ${message} Please try again later.`;

/** Each way of answering (fixture switches), the search asked, and the outcome the page must print. */
const ANSWERS = [
  { style: 'wp_send_json() and exit, as the site runs it', fixture: [], zip: '10001', rows: ROWS },
  { style: 'returned data, the REST convention', fixture: ['returning'], zip: '10001', rows: ROWS },
  {
    style: "wp_send_json() of a WP_Error (a zip missing from the route's table)",
    fixture: [],
    zip: '99999',
    line: line('No zip codes returned for 99999.'),
  },
  {
    style: "PHP's warnings printed before the JSON, on a site that displays errors",
    fixture: ['display-errors'],
    zip: '99999',
    line: line('No zip codes returned for 99999.'),
  },
  {
    style: 'the same warnings, then the found donations',
    fixture: ['display-errors'],
    zip: '10001',
    rows: ROWS,
  },
  {
    style: 'the JSON null of a variable never set',
    fixture: ['route-null'],
    zip: '10001',
    line: line('The server sent an empty answer.'),
  },
  {
    style: 'wp_send_json_success()',
    fixture: ['send-json-success'],
    zip: '10001',
    line: line('The server’s answer did not include the location of the zip code.'),
  },
  {
    style: 'wp_send_json_error() of a WP_Error',
    fixture: ['send-json-error'],
    zip: '99999',
    line: line('The server’s answer did not include the location of the zip code.'),
  },
  {
    style: 'a returned WP_Error with a status',
    fixture: ['returns-error'],
    zip: '10001',
    line: line('The donations are being counted.'),
  },
  {
    style: 'an Error thrown inside the route',
    fixture: ['route-error'],
    zip: '10001',
    line: later('The server ran into an error.'),
  },
  {
    style: 'an exception thrown inside the route',
    fixture: ['route-exception'],
    zip: '10001',
    line: later('The server ran into an error.'),
  },
  {
    style: 'an Error thrown before the route (rest_pre_dispatch)',
    fixture: ['fatal'],
    zip: '10001',
    line: later('The server ran into an error.'),
  },
  {
    style: 'text that is not JSON, then wp_die()',
    fixture: ['not-json'],
    zip: '10001',
    line: later('The server answered with an error (HTTP 500).'),
  },
];

const PLACEMENTS = [
  { placement: 'shortcode', slug: 'printed-shortcode', content: '[donation_widget island="donors-search"]' },
  { placement: 'block', slug: 'printed-block', content: '<!-- wp:donation-widgets/donors-search /-->' },
];

/** The cells of the printed table's rows: number, title, zip. */
const printedRows = (html: string) =>
  [...html.matchAll(/<tr><td><button[^>]*>([^<]*)<\/button><\/td><td>(.*?)<\/td><td>([^<]*)<\/td>/g)].map(
    ([, number, title, zip]) => [number, title?.replaceAll('&lt;', '<').replaceAll('&gt;', '>'), zip],
  );

/** The page's text outside its scripts: what a visitor could see. */
const visible = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/g, '');

describeWordPress('a search in the address, whatever way the route answers', () => {
  const wp = useWordPress();
  const paths: Record<string, string> = {};

  beforeAll(async () => {
    for (const { slug, content } of PLACEMENTS) paths[slug] = await pageWith(wp.php, slug, content);
  });

  describe.each(PLACEMENTS)('placed as a $placement', ({ slug }) => {
    it.each(ANSWERS)('without JavaScript: $style', async ({ fixture, zip, rows, line }) => {
      const url = new URL(`${paths[slug]}?zipcode=${zip}&radius=15&days=30`, wp.site.url);
      const response = await fetch(url, { headers: { cookie: `fixture=${fixture.join(',')}` } });
      const html = await response.text();
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      // The whole page: the theme around the island, and the page's end.
      expect(html).toMatch(/^<!DOCTYPE html>/i);
      expect(html).toContain('</html>');
      const island = html.slice(html.indexOf('data-island="donors-search"'));
      expect(island).toContain(`value="${zip}"`);
      if (rows) {
        expect(printedRows(island)).toEqual(rows);
        expect(island).toMatch(/<span id="display_count">4<\/span> donations within/);
      } else {
        expect(island).toContain(`<div class="alert-before alert alert-danger" role="status"`);
        expect(island).toContain(`<p>${line}</p>`);
        expect(island).not.toContain('<table');
      }
      // Nothing the route printed reaches the page: no JSON, no PHP warning, no maintenance text.
      expect(visible(html)).not.toMatch(
        /\{"(errors|success|request|code)"|Warning|Deprecated|Down for maintenance/,
      );
    });
  });

  it.each([
    { style: 'wp_send_json() and exit', fixture: [] },
    { style: 'returned data', fixture: ['returning'] },
  ])('with JavaScript ($style): the island shows the printed rows and asks nothing', async ({ fixture }) => {
    const { page, requests, pageErrors } = await wp.open(
      `${paths['printed-block']}?zipcode=10001&radius=15&days=30`,
      { fixture },
    );
    await page.locator('[data-island="donors-search"][data-mounted]').waitFor({ state: 'attached' });
    await page.locator('#map.leaflet-container').waitFor({ state: 'attached' });
    const rows = await page.$$eval('#donors-in-your-area-table tbody tr', (trs) =>
      trs.map((tr) => Array.from((tr as HTMLTableRowElement).cells, (cell) => cell.textContent).slice(0, 3)),
    );
    expect(rows).toEqual(ROWS);
    expect(requests.filter((url) => url.includes(SEARCH_ROUTE))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('prints the very rows the island shows once it has taken the page over', async () => {
    let printed: Promise<string> | undefined;
    const { page } = await wp.open(`${paths['printed-shortcode']}?zipcode=10001&radius=15&days=30`, {
      // The HTML as this page received it: the printed table, before the island took it over.
      before: async (_, opening) => {
        opening.on('response', (response) => {
          if (response.request().isNavigationRequest()) printed ??= response.text();
        });
      },
    });
    await page.locator('[data-island="donors-search"][data-mounted]').waitFor({ state: 'attached' });
    await page.locator('#donors-in-your-area-table tbody button:not([disabled])').first().waitFor();
    const same = await page.evaluate(
      (html) => {
        const before = new DOMParser().parseFromString(html, 'text/html').querySelector('.donors-table-box');
        const after = document.querySelector('.donors-table-box');
        // The printed buttons wait for the island, which enables them.
        for (const button of before?.querySelectorAll('button') ?? []) button.removeAttribute('disabled');
        return {
          equal: !!before && !!after && before.isEqualNode(after),
          rows: after?.querySelectorAll('tbody tr').length,
        };
      },
      await (printed ?? Promise.reject(new Error('no page received'))),
    );
    expect(same).toEqual({ equal: true, rows: 4 });
  });

  it("with JavaScript, a route's error printed after PHP's warnings stays the island's line", async () => {
    const { page, requests } = await wp.open(
      `${paths['printed-shortcode']}?zipcode=99999&radius=15&days=30`,
      {
        fixture: ['display-errors'],
      },
    );
    await page.locator('[data-island="donors-search"][data-mounted]').waitFor({ state: 'attached' });
    await expect
      .poll(() => page.locator('.alert-before').textContent())
      .toBe(line('No zip codes returned for 99999.'));
    expect(requests.filter((url) => url.includes(SEARCH_ROUTE))).toEqual([]);
  });

  it("a search from the form reads the route's JSON after the notices a site that displays errors prints", async () => {
    // Inside a REST request wp_send_json() first prints WordPress's "called incorrectly" notice.
    const { page } = await wp.open(paths['printed-shortcode'] as string, { fixture: ['display-errors'] });
    await page.getByLabel('Zip code').fill('99999');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(() => page.locator('.alert-before').textContent())
      .toBe(line('No zip codes returned for 99999.'));
    await page.getByLabel('Zip code').fill('10001');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.locator('#display_count').textContent()).toBe('4');
  });

  it.each([
    { style: 'wp_send_json() and exit', switches: [] },
    { style: 'an Error thrown inside the route', switches: ['route-error'] },
  ])('asks the route once and puts back what it changed ($style)', async ({ switches }) => {
    const response = await fetch(
      new URL(`${paths['printed-shortcode']}?zipcode=10001&radius=15&days=30`, wp.site.url),
    );
    // The route's own header (it tells a test whom the route saw) is not the page's.
    expect(response.headers.get('x-fixture-user')).toBeNull();
    const state = await wp.php(`
      $GLOBALS['donations_fixture_switches'] = ${JSON.stringify(switches)};
      $_GET = array( 'zipcode' => '10001' );
      $calls = 0;
      add_filter( 'rest_pre_dispatch', function ( $result ) use ( &$calls ) { $calls++; return $result; } );
      $level = ob_get_level();
      $html = do_shortcode( '[donation_widget island="donors-search"]' );
      $server = rest_get_server();
      echo wp_json_encode( array(
        'calls' => $calls,
        'ajax' => wp_doing_ajax(),
        'buffers' => ob_get_level() - $level,
        'printed' => false !== strpos( $html, 'donors-search-answer' ),
        'dispatching' => method_exists( $server, 'is_dispatching' ) && $server->is_dispatching(),
      ) );
    `);
    expect(JSON.parse(state)).toEqual({
      calls: 1,
      ajax: false,
      buffers: 0,
      printed: true,
      dispatching: false,
    });
  });
});
