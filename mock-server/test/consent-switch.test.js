import { describe, expect, it } from 'vitest';
import { mockServerForThisFile } from './helpers.js';

const mock = mockServerForThisFile();

const scriptSources = (/** @type {string} */ page) =>
  [...page.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]?.replaceAll('&amp;', '&'));

describe('the demo’s consent switch', () => {
  it('gives a page in a region the API’s settings and script before the islands, and the banner’s buttons', async () => {
    const { text } = await mock.request('/thank-you/?consent=optin');
    expect(scriptSources(text)).toEqual([
      '/analytics-debug.js',
      '/wp-consent-api-settings.js?type=optin',
      '/wp-consent-api.js',
      '/consent-switch.js',
      '/dist/donation-widgets.js',
    ]);
    expect(text).toContain('data-consent="allow"');
    expect(text).toContain('<a href="?consent=optout">Opt-out region</a>');
  });

  it('says in the page config that the site runs the API, and delays its script as an optimiser prints it', async () => {
    const { text } = await mock.request('/thank-you/?consent=optin&consent-delay=interaction');
    expect(text).toContain('"consentApi":true');
    // The scripts the browser runs as it reads the page: the API's own tag is not one of them.
    expect(
      [...text.matchAll(/<script(?: type="module")? src="([^"]+)"/g)].map((m) =>
        m[1]?.replaceAll('&amp;', '&'),
      ),
    ).toEqual([
      '/analytics-debug.js',
      '/wp-consent-api-settings.js?type=optin',
      '/delay-javascript.js',
      '/consent-switch.js',
      '/dist/donation-widgets.js',
    ]);
    expect(text).toContain(
      '<script type="rocketlazyloadscript" data-rocket-src="/wp-consent-api.js"></script>\n<script src="/delay-javascript.js" data-trigger="interaction" defer></script>',
    );
    const timed = await mock.request('/thank-you/?consent=optin&consent-delay=20000');
    expect(timed.text).toContain('data-trigger="20000"');
    const refused = await mock.request('/thank-you/?consent=optin&consent-delay=soon');
    expect(scriptSources(refused.text)).toContain('/wp-consent-api.js');
    expect((await mock.request('/delay-javascript.js')).headers.get('content-type')).toMatch(/javascript/);
  });

  it('leaves a page without the parameter without a consent plugin, its switch offering the regions', async () => {
    const { text } = await mock.request('/thank-you/');
    expect(text).not.toContain('wp-consent-api');
    expect(text).not.toContain('data-consent=');
    expect(text).not.toContain('consentApi');
    expect(text).toContain('<a href="?consent=optin">Opt-in region</a>');
  });

  it('answers the API’s settings as WordPress localizes them, and refuses an unknown region', async () => {
    const settings = await mock.request('/wp-consent-api-settings.js?type=optout');
    expect(settings.headers.get('content-type')).toMatch(/javascript/);
    expect(settings.text).toBe(
      'var consent_api = {"consent_type":"optout","waitfor_consent_hook":false,"cookie_expiration":30,"cookie_prefix":"wp_consent","services":[]};\n',
    );
    expect((await mock.request('/wp-consent-api-settings.js?type=maybe')).status).toBe(404);
    expect((await mock.request('/wp-consent-api.js')).headers.get('content-type')).toMatch(/javascript/);
  });
});
