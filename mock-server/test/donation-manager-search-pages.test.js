import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DONATION_MANAGER_SEARCH_PAGE,
  DONATION_MANAGER_SEARCH_WITH_ITS_SCRIPTS,
} from '../demo/donation-manager-search.js';
import { mockServerForThisFile } from './helpers.js';

const mock = mockServerForThisFile();

const PRINTED = readFileSync(
  new URL('../demo/donation-manager/donors-in-your-area.html', import.meta.url),
  'utf8',
);
const scriptsOf = (/** @type {string} */ html) =>
  [...html.matchAll(/<script src="([^"]+)"/g)].map(([, src]) => src);

describe("the demo's Donation Manager search pages", () => {
  it("print Donation Manager's markup as it is, under the project's script tag", async () => {
    for (const path of [DONATION_MANAGER_SEARCH_PAGE, DONATION_MANAGER_SEARCH_WITH_ITS_SCRIPTS]) {
      const { status, text } = await mock.request(path);
      expect(status).toBe(200);
      expect(text).toContain(PRINTED);
      expect(text).toContain('<script type="module" src="/dist/donation-widgets.js"></script>');
    }
  });

  it("add Donation Manager's scripts to one of them, in the order WordPress prints them, each served", async () => {
    const alone = await mock.request(DONATION_MANAGER_SEARCH_PAGE);
    expect(scriptsOf(alone.text).filter((src) => src.startsWith('/donation-manager/'))).toEqual([]);
    const { text } = await mock.request(DONATION_MANAGER_SEARCH_WITH_ITS_SCRIPTS);
    const scripts = scriptsOf(text).filter((src) => src.startsWith('/donation-manager/'));
    expect(scripts).toEqual([
      '/donation-manager/jquery.js',
      '/donation-manager/scripts.js',
      '/donation-manager/google-maps.js',
      '/donation-manager/wpvars.js',
      '/donation-manager/donors-by-zipcode.js',
    ]);
    for (const src of scripts) {
      const response = await mock.request(src);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/javascript/);
    }
    expect((await mock.request('/donation-manager/nothing.js')).status).toBe(404);
  });
});
