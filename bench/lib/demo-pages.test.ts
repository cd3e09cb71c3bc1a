import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer } from '../../mock-server/server.js';
import { demoPages, pageLinks, UNLINKED_PAGES } from './demo-pages.mjs';

describe('pageLinks', () => {
  it('keeps same-site pages with their query and drops fragments, files, routes and other sites', () => {
    const html = `<a href="/about/">About</a> <a class="x" href="/?s=sofa&amp;config=1#top">Search</a>
      <a href="/#screening">Schedule</a> <a href="/dist/donation-widgets.js">file</a> <a href="/demo.css">css</a>
      <a href="/wp-json/donations/v1/search">route</a> <a href="https://example.com/">away</a> <a href="next/">next</a>`;
    expect(pageLinks(html, 'http://127.0.0.1:3000/islands/')).toEqual([
      '/about/',
      '/?s=sofa&config=1',
      '/',
      '/islands/next/',
    ]);
  });
});

describe('demoPages', () => {
  let server: Awaited<ReturnType<typeof startMockServer>>;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, quiet: true });
  });
  afterAll(() => server.close());

  it("reaches every island's page, the conversion pages and the unlinked ones, each once", async () => {
    const pages = await demoPages(server.url);
    expect(pages).toEqual([...new Set(pages)]);
    expect(pages).toEqual(
      expect.arrayContaining([
        '/',
        '/about/',
        '/islands/donors-search/',
        '/islands/conversion-tracker/',
        '/thank-you/',
        '/sign-up/sign-up-complete/',
        ...UNLINKED_PAGES,
      ]),
    );
  });
});
