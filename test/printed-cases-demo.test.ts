/**
 * The demo's no-JavaScript page against the printed search's shared cases
 * (widgets/donors-search/printed-cases/): for each case the demo's route answers the case's status and
 * body, and the page the demo prints for the case's search holds the case's expected.html, the region the
 * plugin's PHP prints for the same answer (wordpress-plugin/test/printed-cases.test.ts). The demo asks its
 * own route with the visitor's cookies (mock-server/demo/printed-search.js), so the route is stood in for
 * by one that answers the case a cookie names.
 */
import type { RequestHandler } from 'express';
import { JSDOM } from 'jsdom';
import { mockServerForThisFile } from '../mock-server/test/helpers.js';
import {
  normalised,
  PRINTED_CASES,
  regionOfPage,
} from '../widgets/donors-search/printed-cases/printed-cases.ts';

const COOKIE = 'printed-case';

/** The donations route answering each case's status and body, the case named by the cookie. */
const caseRoute: RequestHandler = (req, res) => {
  const name = /printed-case=([\w-]+)/.exec(req.headers.cookie ?? '')?.[1];
  const printedCase = PRINTED_CASES.find((each) => each.name === name);
  if (!printedCase || !req.url.startsWith('/donations/v1/search/')) {
    res.status(500).send(`no case for ${req.url}`);
    return;
  }
  res.status(printedCase.status).set('content-type', 'application/json; charset=UTF-8');
  res.send(Buffer.from(printedCase.text));
};

const mock = mockServerForThisFile({ restAnswer: caseRoute });

/** The demo page's HTML for `path`, for the case `name`. */
const pageAt = (path: string, name: string) =>
  mock.request(path, { headers: { cookie: `${COOKIE}=${name}` } });

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
