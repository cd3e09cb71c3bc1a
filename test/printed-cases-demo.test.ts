/**
 * The demo's no-JavaScript page against the printed search's shared cases
 * (widgets/donors-search/printed-cases/): for each case the demo's route answers the case's status and
 * body, and the page the demo prints for the case's search holds the case's expected.html, the region the
 * plugin's PHP prints for the same answer (wordpress-plugin/test/printed-cases.test.ts). The demo asks the route
 * at the host the page was asked at, with the visitor's cookies (mock-server/demo/printed-search.js), so the page is
 * asked with a stand-in route's host and the case's name in a cookie.
 */
import { once } from 'node:events';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JSDOM } from 'jsdom';
import { mockServerForThisFile } from '../mock-server/test/helpers.js';
import {
  normalised,
  PRINTED_CASES,
  regionOfPage,
} from '../widgets/donors-search/printed-cases/printed-cases.ts';

const mock = mockServerForThisFile();
const COOKIE = 'printed-case';

/** The donations route answering each case's status and body, the case named by the cookie. */
const route = createServer((req, res) => {
  const name = /printed-case=([\w-]+)/.exec(req.headers.cookie ?? '')?.[1];
  const printedCase = PRINTED_CASES.find((each) => each.name === name);
  if (!printedCase || !req.url?.startsWith('/wp-json/donations/v1/search/')) {
    res.writeHead(500).end(`no case for ${req.url}`);
    return;
  }
  res.writeHead(printedCase.status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(printedCase.text);
});
beforeAll(async () => {
  route.listen(0, '127.0.0.1');
  await once(route, 'listening');
});
afterAll(() => route.close());

/** The demo page's HTML for `path`, asked at the stand-in route's host, for the case `name`. */
function pageAt(path: string, name: string): Promise<{ status: number; text: string }> {
  const address = route.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const asked = request(
      new URL(path, mock.server.url),
      { headers: { host: `127.0.0.1:${address.port}`, cookie: `${COOKIE}=${name}` } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    asked.on('error', reject);
    asked.end();
  });
}

// The demo writes dates with WordPress's default formats only.
describe.each(PRINTED_CASES.filter(({ ownSite }) => !ownSite))(
  'the demo’s page for $name ($about)',
  ({ name, query, expected = '' }) => {
    it('prints the expected results region, as the plugin does', async () => {
      const { status, text } = await pageAt(`/islands/donors-search/?${new URLSearchParams(query)}`, name);
      expect(status).toBe(200);
      const { document } = new JSDOM(text).window;
      const island = document.querySelector('[data-island="donors-search"]');
      if (!island) throw new Error('no donors search on the page');
      expect(normalised(regionOfPage(island))).toBe(normalised(expected));
    });
  },
);
