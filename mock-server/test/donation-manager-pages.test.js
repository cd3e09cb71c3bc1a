import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../demo/layout.js';
import { mockServerForThisFile } from './helpers.js';

const mock = mockServerForThisFile();

const fixture = (/** @type {string} */ file) =>
  readFileSync(new URL(`../demo/donation-manager/${file}`, import.meta.url), 'utf8');
const scriptSources = (/** @type {string} */ page) =>
  [...page.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);

describe('the Donation Manager pages', () => {
  it.each([
    ['pick-up-dates', 'alert.html'],
    ['screening-questions', 'screening-questions.html'],
  ])(
    'print the %s step as Donation Manager prints it, with the script tag alone or its scripts too',
    async (step, file) => {
      const alone = await mock.request(`/donation-manager/${step}/`);
      const withScripts = await mock.request(`/donation-manager/${step}/with-its-scripts/`);
      for (const page of [alone, withScripts]) {
        expect(page.status).toBe(200);
        expect(page.text).toContain(fixture(file));
        expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      }
      // The demo theme's menu script comes last, in the footer, as a theme prints its own.
      expect(scriptSources(alone.text)).toEqual(['/dist/donation-widgets.js', '/site-menu.js']);
      // As WordPress prints them: jQuery, scripts.js after it, both before the project's module.
      expect(scriptSources(withScripts.text)).toEqual([
        '/donation-manager/jquery.js',
        '/donation-manager/scripts.js',
        '/dist/donation-widgets.js',
        '/site-menu.js',
      ]);
    },
  );

  it('serve jQuery 3.7.1 and the stand-in of scripts.js as scripts', async () => {
    const jquery = await mock.request('/donation-manager/jquery.js');
    expect(jquery.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(jquery.text).toContain('jQuery v3.7.1');
    const scripts = await mock.request('/donation-manager/scripts.js');
    expect(scripts.text).toContain("$('#show-priority').on('click'");
  });

  it('answer a step posted to its page with the next step, keeping its scripts', async () => {
    const posted = await mock.request('/donation-manager/screening-questions/with-its-scripts/', {
      method: 'POST',
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/donation-manager/pick-up-dates/with-its-scripts/');
    const last = await mock.request('/donation-manager/pick-up-dates/', { method: 'POST' });
    expect(last.headers.get('location')).toBe('/thank-you/');
  });

  it('list both steps on /donation-manager/', async () => {
    const index = await mock.request('/donation-manager/');
    for (const step of ['pick-up-dates', 'screening-questions'])
      for (const variant of ['', 'with-its-scripts/'])
        expect(index.text).toContain(`href="/donation-manager/${step}/${variant}"`);
  });
});
