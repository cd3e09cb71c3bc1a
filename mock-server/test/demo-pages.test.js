import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../demo/layout.js';
import { ISLANDS, islandMarkup } from '../demo/markup-files.js';
import { withoutSearchNote } from '../demo/printed-search.js';
import { LOGIN_COOKIE, LOGIN_VALUE } from '../wordpress/login.js';
import { mockServerForThisFile } from './helpers.js';

const distDir = mkdtempSync(join(tmpdir(), 'mock-dist-'));
writeFileSync(join(distDir, 'donation-widgets.js'), 'export {};\n');
writeFileSync(
  join(distDir, 'donation-widgets.js.map'),
  JSON.stringify({ version: 3, sources: ['../src/loader/index.ts'], mappings: '' }),
);
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

const mock = mockServerForThisFile({ distDir });

const markupFile = (/** @type {string} */ name) =>
  new URL(`../../widgets/${name}/markup.html`, import.meta.url);
/** An island's markup.html as the demo prints it (the search's, without the note its printing makes untrue). */
const markupOf = (/** @type {string} */ name) => {
  if (!existsSync(markupFile(name))) return undefined;
  const markup = readFileSync(markupFile(name), 'utf8');
  return name === 'donors-search' ? withoutSearchNote(markup) : markup;
};

/** @param {string} page */
function configOf(page) {
  const match = /<script type="application\/json" id="donation-widgets-config">([\s\S]*?)<\/script>/.exec(
    page,
  );
  if (!match?.[1]) throw new Error('no config element in the page');
  return JSON.parse(match[1]);
}

const scriptTags = (/** @type {string} */ page) =>
  [...page.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
const hasAnalytics = (/** @type {string} */ page) => page.includes('/analytics-debug.js');

const PAGES = [
  '/',
  '/about/',
  '/islands/',
  ...ISLANDS.map(({ name }) => `/islands/${name}/`),
  '/thank-you/',
  '/sign-up/',
  '/sign-up/sign-up-complete/',
  '/?s=sofa',
  '/__faults/',
  '/__login/',
];

describe('the demo’s Content Security Policy', () => {
  /** @param {string} path */
  const policy = async (path) => (await mock.request(path)).headers.get('content-security-policy') ?? '';
  /** @param {string} csp @param {string} name */
  const directive = (csp, name) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

  it.each([
    ['chooses Google', { maps: { provider: 'google' } }],
    ['sets a key with the provider on auto', { maps: { provider: 'auto', googleApiKey: 'key-1' } }],
  ])('allows what Google Maps needs when the page config %s', async (_, config) => {
    const csp = await policy(`/?config=${encodeURIComponent(JSON.stringify(config))}`);
    expect(directive(csp, 'script-src')).toMatch(/^script-src 'self' https:\/\/\*\.googleapis\.com /);
    expect(directive(csp, 'img-src')).toContain('https://*.gstatic.com');
    expect(directive(csp, 'connect-src')).toContain('*.google.com');
    expect(directive(csp, 'frame-src')).toBe("frame-src 'self' *.google.com");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'self'");
  });

  it('stays strict when the page keeps Leaflet, even with a key', async () => {
    const config = { maps: { provider: 'leaflet', googleApiKey: 'key-1' } };
    expect(await policy(`/?config=${encodeURIComponent(JSON.stringify(config))}`)).toBe(
      CONTENT_SECURITY_POLICY,
    );
  });
});

describe('every demo page', () => {
  it.each(PAGES)(
    '%s has the layout, a strict CSP, no nonce for a visitor and no inline script',
    async (path) => {
      const { status, headers, text } = await mock.request(path);
      expect(status).toBe(200);
      expect(headers.get('content-type')).toMatch(/^text\/html/);
      expect(headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(text.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
      expect(text).toMatch(/<title>[^<]+<\/title>/);
      expect(text).toContain('<link rel="stylesheet" href="/demo.css">');
      expect(text).toContain('<script type="module" src="/dist/donation-widgets.js"></script>');
      for (const attributes of scriptTags(text)) {
        expect(attributes, path).toMatch(/\ssrc="\/|type="application\/json"/);
      }
      const config = configOf(text);
      expect(config).toMatchObject({
        restRoot: '/wp-json/',
        nonceEndpoint: '/wp-admin/admin-ajax.php?action=rest-nonce',
        boundaryBaseUrl: '/zipcodes/',
        maps: { provider: 'leaflet' },
      });
      // As the plugin prints it: a visitor's page has no nonce, only the endpoint a logged-in user's refresh asks.
      expect(config).not.toHaveProperty('nonce');
    },
  );

  it.each(PAGES)('%s carries a current nonce for the demo’s logged-in user', async (path) => {
    const cookie = `${LOGIN_COOKIE}=${LOGIN_VALUE}`;
    const config = configOf((await mock.request(path, { headers: { cookie } })).text);
    expect(config.nonce).toMatch(/^[0-9a-f]{10}$/);
    const search = await mock.request('/wp-json/donations/v1/search/10001/15/30', {
      headers: { 'X-WP-Nonce': config.nonce, cookie },
    });
    expect(search.status).toBe(200);
  });

  it('defines analytics only on the conversion pages, the site search and the conversion-tracker page', async () => {
    const withAnalytics = [
      '/thank-you/',
      '/sign-up/sign-up-complete/',
      '/?s=sofa',
      '/islands/conversion-tracker/',
    ];
    for (const path of PAGES) {
      const { text } = await mock.request(path);
      expect([path, hasAnalytics(text)]).toEqual([path, withAnalytics.includes(path)]);
    }
  });

  it('serves the stylesheet and the analytics stub from the site itself', async () => {
    expect((await mock.request('/demo.css')).headers.get('content-type')).toMatch(/^text\/css/);
    expect((await mock.request('/analytics-debug.js')).headers.get('content-type')).toMatch(/javascript/);
  });
});

describe('the pages', () => {
  it('/about/ has no island, no form and no analytics', async () => {
    const { text } = await mock.request('/about/');
    expect(text).not.toMatch(/data-island|data-lazy-background|<form|dataLayer|gtag|analytics-debug/);
  });

  it('/ holds the priority alert, the donors search, several lazy backgrounds and the screening form', async () => {
    const { text } = await mock.request('/');
    for (const name of ['priority-alert', 'donors-search', 'screening-questions']) {
      const markup = markupOf(name);
      expect(text, name).toContain(markup ?? `widgets/${name}/markup.html`);
    }
    expect(text).toContain(markupOf('lazy-background') ?? 'widgets/lazy-background/markup.html');
    const withoutComments = text.replace(/<!--[\s\S]*?-->/g, '');
    const images = [...withoutComments.matchAll(/data-lazy-background="([^"]+)"/g)].map((m) => m[1]);
    expect(images.length).toBeGreaterThanOrEqual(3);
    expect(new Set(images).size).toBe(images.length);
    for (const image of images) expect((await mock.request(image ?? '')).status, image).toBe(200);
  });

  it.each(ISLANDS.map(({ name }) => name))('/islands/%s/ holds only that island', async (name) => {
    const { text } = await mock.request(`/islands/${name}/`);
    expect(text).toContain(markupOf(name) ?? `widgets/${name}/markup.html`);
    for (const other of ISLANDS.filter((island) => island.name !== name)) {
      const markup = markupOf(other.name);
      if (markup) expect(text, other.name).not.toContain(markup);
    }
  });

  it("prints a search's rows numbered 1…N with the route's cut titles, as the original route answers them", async () => {
    const { text } = await mock.request('/islands/donors-search/?zipcode=60601&radius=30&days=90');
    const labels = [...text.matchAll(/aria-label="(Show donation [^"]*)"/g)].map((m) => m[1] ?? '');
    expect(labels).toHaveLength(100);
    expect(labels.map((label) => /^Show donation (\d+), /.exec(label)?.[1])).toEqual(
      labels.map((_, i) => String(i + 1)),
    );
    expect(labels.filter((label) => label.includes(' - '))).toEqual([]);
    expect(labels.some((label) => label.endsWith(', PRIORITY, on the map'))).toBe(true);
  });

  it("carries into the printed form only the search's own fields and the page's keys, never a tracking parameter nor a value that is no text", async () => {
    const { text } = await mock.request(
      '/islands/donors-search/?utm_source=%3Ch1%3Einjected&fbclid=abc123&page_id=7&zipcode-2=10001&zipcode-3=%FF%FE&radius-2=1%002&zipcode=60601&radius=30&days=90',
    );
    const hidden = [...text.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map(
      (m) => `${m[1]}=${m[2]}`,
    );
    expect(hidden).toEqual(['page_id=7', 'zipcode-2=10001']);
    expect(text).not.toContain('injected');
    expect(text).not.toContain('abc123');
  });

  it('answers an unknown island or page with an HTML 404 page', async () => {
    for (const path of ['/islands/nope/', '/no/such/page/']) {
      const { status, headers } = await mock.request(path);
      expect([path, status]).toEqual([path, 404]);
      expect(headers.get('content-type')).toMatch(/^text\/html/);
    }
  });

  it('shows the site search for any of q, s, search, query and keyword, escaped', async () => {
    for (const param of ['q', 's', 'search', 'query', 'keyword']) {
      const { text } = await mock.request(
        `/?${param}=${encodeURIComponent('<script>window.__pwned=1</script> sofa')}`,
      );
      expect(text).toContain('Search results for “&lt;script&gt;window.__pwned=1&lt;/script&gt; sofa”');
      expect(text).not.toContain('<script>window.__pwned');
    }
  });
});

describe('the page config', () => {
  it('merges ?config=<JSON> into the config, so tests can switch providers and timeouts', async () => {
    const extra = { maps: { provider: 'google', googleApiKey: 'key' }, requestTimeoutMs: 500 };
    const config = configOf(
      (await mock.request(`/?config=${encodeURIComponent(JSON.stringify(extra))}`)).text,
    );
    expect(config.maps).toEqual({ provider: 'google', googleApiKey: 'key' });
    expect(config.requestTimeoutMs).toBe(500);
    expect(config.restRoot).toBe('/wp-json/');
  });

  it('can never be closed by a value: < is escaped, and prototype keys are dropped', async () => {
    const hostile =
      '{"title":"</script><script>window.__pwned=true</script><!--","__proto__":{"polluted":1}}';
    const { text } = await mock.request(`/?config=${encodeURIComponent(hostile)}`);
    expect(text).not.toContain('</script><script>window.__pwned');
    const config = configOf(text);
    expect(config.title).toBe('</script><script>window.__pwned=true</script><!--');
    expect(Object.hasOwn(config, '__proto__')).toBe(false);
    expect(/** @type {any} */ ({}).polluted).toBeUndefined();
  });

  it('ignores a ?config that is not a JSON object, and says so on the page', async () => {
    for (const bad of ['{nope', '[1,2]', '"text"']) {
      const { text } = await mock.request(`/about/?config=${encodeURIComponent(bad)}`);
      expect(text).toContain('The config query parameter was ignored');
      expect(configOf(text).restRoot).toBe('/wp-json/');
    }
  });

  it('puts ?rawconfig= text in the config element as it is, for tests of a broken config, still unable to close it', async () => {
    const { text } = await mock.request(`/about/?rawconfig=${encodeURIComponent('{"restRoot": </script>')}`);
    expect(text).toContain(
      '<script type="application/json" id="donation-widgets-config">{"restRoot": \\u003c/script></script>',
    );
  });
});

describe('the forms', () => {
  const post = (/** @type {string} */ path, /** @type {Record<string, string>} */ fields, cookie = '') =>
    mock.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
      body: new URLSearchParams(fields).toString(),
    });

  it('the screening form in the markup has no action: it posts to the page it is on', () => {
    const markup = markupOf('screening-questions');
    if (markup) expect(markup).toMatch(/<form [^>]*method="post"[^>]*>/);
    expect(markup).not.toMatch(/<form [^>]*action=/);
  });

  // The pages with the form, and a target of its own as an admin could set with action="…".
  it.each(['/', '/islands/screening-questions/', '/screening-questions/'])(
    'stores the answers posted to %s and redirects 303 to /thank-you/, which shows them as text with a transaction id',
    async (path) => {
      const { status, headers } = await post(path, {
        items_damaged: 'Yes',
        additional_details: '<b>Gate</b> & "code" 12',
      });
      expect(status).toBe(303);
      expect(headers.get('location')).toBe('/thank-you/');
      const saved = /** @type {any} */ (mock.server.db.screenings.at(-1));
      expect(saved.fields).toEqual({ items_damaged: 'Yes', additional_details: '<b>Gate</b> & "code" 12' });
      const cookie = (headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const { text } = await mock.request('/thank-you/', { headers: { Cookie: cookie } });
      expect(text).toContain('<dt>Are any of the items damaged, stained or broken?</dt><dd>Yes</dd>');
      expect(text).toContain('<dd>&lt;b&gt;Gate&lt;/b&gt; &amp; &quot;code&quot; 12</dd>');
      expect(configOf(text).analytics).toEqual({ transactionId: `screening-${saved.id}` });
    },
  );

  it('shows no answers on the thank-you page without a submission of this visitor', async () => {
    const { text } = await mock.request('/thank-you/');
    expect(text).not.toContain('What we received');
  });

  it('stores a provider sign-up and redirects 303 to /sign-up/sign-up-complete/', async () => {
    const { status, headers } = await post('/sign-up/', { company: 'Movers & Co', email: 'a@example.org' });
    expect(status).toBe(303);
    expect(headers.get('location')).toBe('/sign-up/sign-up-complete/');
    expect(mock.server.db.providers.at(-1)).toMatchObject({ fields: { company: 'Movers & Co' } });
  });

  it('/__faults/ sets and clears the mock-fault cookie, and shows it escaped', async () => {
    const set = await post('/__faults/', { fault: 'delay=100,xss' });
    expect(set.status).toBe(303);
    expect(set.headers.get('set-cookie')).toMatch(/^mock-fault=delay%3D100%2Cxss; Path=\//);
    const { text } = await mock.request('/__faults/', { headers: { Cookie: 'mock-fault=%3Cb%3Exss' } });
    expect(text).toContain('<code>&lt;b&gt;xss</code>');
    expect((await post('/__faults/', { clear: '1' })).headers.get('set-cookie')).toMatch(/Max-Age=0/);
  });
});

describe('static files', () => {
  it('serves dist/ at /dist/ with a JavaScript MIME type, and 404 for what is not built', async () => {
    const { status, headers } = await mock.request('/dist/donation-widgets.js');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect((await mock.request('/dist/nothing.js')).status).toBe(404);
  });

  it("names each script's source map in a SourceMap header, since the build leaves the comment out", async () => {
    const { headers } = await mock.request('/dist/donation-widgets.js');
    expect(headers.get('sourcemap')).toBe('donation-widgets.js.map');
    const map = await mock.request('/dist/donation-widgets.js.map');
    expect(
      JSON.parse(map.text).sources.some((/** @type {string} */ s) => s.endsWith('src/loader/index.ts')),
    ).toBe(true);
    expect((await mock.request('/dist/nothing.js')).headers.get('sourcemap')).toBeNull();
  });

  it.each(PAGES)(
    '%s names an icon the demo serves, so a browser asks for no /favicon.ico that would answer 404',
    async (path) => {
      const icon = /<link rel="icon" href="([^"]+)">/.exec((await mock.request(path)).text)?.[1];
      expect(icon).toBeDefined();
      const { status, headers } = await mock.request(icon ?? '');
      expect(status).toBe(200);
      expect(headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    },
  );
});

describe('islandMarkup', () => {
  it('renders a visible "markup missing" note for a widget without markup.html, instead of failing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'mock-widgets-'));
    try {
      const note = String(await islandMarkup('submit-lock', pathToFileURL(`${empty}/`)));
      expect(note).toContain('markup missing');
      expect(note).toContain('widgets/submit-lock/markup.html');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
