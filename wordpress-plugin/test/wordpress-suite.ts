/**
 * What every WordPress test file shares: the site the globalSetup started, the worker's Chromium (kept for
 * every file of the project, test/engines/launch.ts), and fresh contexts for a visitor or the logged-in
 * admin, with every request off the machine blocked, closed when the file ends.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { keptPlainChromium } from '../../test/engines/launch.ts';
import type { WordPressUnderTest } from './global-setup.ts';
import { phpString, runPhp } from './wordpress-server.ts';

/**
 * The site this file runs on: of the release's sites (wordpress-releases.mjs), its worker's. A project runs
 * as many workers as it has sites, one file each at a time, so two files at once never share a site.
 * Null where the suite is skipped.
 */
export function suiteSite(): WordPressUnderTest | null {
  const sites = inject('wordpress');
  if (!sites || sites.length === 0) return null;
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return sites[(worker - 1) % sites.length] ?? null;
}

const wordpress = suiteSite();

/** `describe` for suites that need the real WordPress; the globalSetup already failed CI when it is missing. */
export const describeWordPress = describe.skipIf(!wordpress);

export interface OpenOptions {
  /** Logged in as the admin. */
  admin?: boolean;
  /** Switches of the test fixture plugin (see fixture/donations-fixture.php), set as its cookie. */
  fixture?: string[];
  /** Runs before navigation, e.g. to rewrite a response. */
  before?: (context: BrowserContext, page: Page) => Promise<void>;
  /** The window's size; Playwright's 1280 × 720 by default. */
  viewport?: { width: number; height: number };
}

export interface OpenPage {
  page: Page;
  context: BrowserContext;
  /** Every URL the page requested, in order. */
  requests: string[];
  pageErrors: string[];
}

export function useWordPress() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await keptPlainChromium();
  });
  afterAll(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close().catch(() => {})));
  });
  const site = (): WordPressUnderTest => {
    if (!wordpress) throw new Error('no WordPress: use the suite inside describeWordPress');
    return wordpress;
  };

  return {
    get site() {
      return site();
    },
    /** Runs PHP inside the site (wp-load.php included). */
    php: (code: string) => runPhp(site(), code),
    /** A new context, the admin's when asked, with only the site reachable. */
    async context({
      admin = false,
      fixture = [],
      viewport,
    }: Pick<OpenOptions, 'admin' | 'fixture' | 'viewport'> = {}) {
      if (!browser) throw new Error('Chromium is not started');
      const { url, adminState } = site();
      const context = await browser.newContext({
        storageState: admin ? JSON.parse(adminState) : undefined,
        ...(viewport && { viewport }),
      });
      contexts.push(context);
      const origin = new URL(url).origin;
      await context.route(
        (target) => target.origin !== origin,
        (route) => route.abort('blockedbyclient'),
      );
      if (fixture.length > 0) await context.addCookies([{ name: 'fixture', value: fixture.join(','), url }]);
      return context;
    },
    /** Opens `path` of the site in a fresh context and waits for the load event. */
    async open(path: string, options: OpenOptions = {}): Promise<OpenPage> {
      const context = await this.context(options);
      const page = await context.newPage();
      const opened: OpenPage = { page, context, requests: [], pageErrors: [] };
      page.on('request', (request) => opened.requests.push(request.url()));
      page.on('pageerror', (error) => opened.pageErrors.push(String(error)));
      await options.before?.(context, page);
      await page.goto(new URL(path, site().url).href, { waitUntil: 'load' });
      return opened;
    },
  };
}

/** Creates (or finds) a published page with `content` and returns its path. */
export async function pageWith(php: (code: string) => Promise<string>, slug: string, content: string) {
  const id = await php(`
    $existing = get_page_by_path( ${phpString(slug)} );
    $args = array( 'post_type' => 'page', 'post_status' => 'publish', 'post_name' => ${phpString(slug)},
      'post_title' => ${phpString(slug)}, 'post_content' => ${phpString(content)} );
    if ( $existing ) { $args['ID'] = $existing->ID; }
    echo wp_insert_post( wp_slash( $args ), true );
  `);
  if (!/^\d+$/.test(id)) throw new Error(`page not created: ${id}`);
  return `/${slug}/`;
}
