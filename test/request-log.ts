import type { OpenPage } from './browser.ts';

let sentinels = 0;

/**
 * Returns once every request the page has started so far is in `opened.requests`. Chromium reports
 * requests in the order the page starts them, so a request the page starts now, once logged, comes
 * after every one started before it: a URL missing from the log by then was never requested.
 */
export async function afterEarlierRequests({ page }: OpenPage): Promise<void> {
  sentinels += 1;
  const url = new URL(`/robots.txt?after-earlier-requests=${sentinels}`, page.url()).href;
  await Promise.all([
    page.waitForRequest(url),
    page.evaluate((href) => {
      void fetch(href);
    }, url),
  ]);
}
