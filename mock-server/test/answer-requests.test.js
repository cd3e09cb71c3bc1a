/**
 * The demo's side of the one rule for which requests a kept answer may answer
 * (mock-server/wordpress/answer-requests.cases.json): answerQuestion() gives each case's question or
 * its reason, and the demo's wire takes or refuses each request over HTTP as the case says. The plugin
 * runs the same cases on its wire and its printed search (wordpress-plugin/test/answer-requests.wordpress.test.ts).
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { answerQuestion } from '../wordpress/answer-cache.js';
import cases from '../wordpress/answer-requests.cases.json' with { type: 'json' };
import { matchSearchRoute } from '../wordpress/rest-routes.js';
import { mockServerForThisFile } from './helpers.js';

const mock = mockServerForThisFile();

/**
 * @typedef {{case: string, url: string, method?: string, headers?: Record<string, string>,
 *   cookies?: Record<string, string>, body?: string, question: Record<string, string> | null,
 *   refused: string | null}} AnswerCase
 */
const shared = /** @type {AnswerCase[]} */ (cases);

/** The case's headers as Node hands them over: lower-case names, its cookies in one Cookie header. */
const headersOf = (/** @type {AnswerCase} */ rule) => {
  /** @type {Record<string, string>} */
  const headers = Object.fromEntries(
    Object.entries(rule.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const cookies = Object.entries(rule.cookies ?? {}).map(
    ([name, value]) => `${name}=${encodeURIComponent(value)}`,
  );
  if (cookies.length) headers.cookie = cookies.join('; ');
  return headers;
};

/** The REST route and query string of a case's address, from /wp-json/… or ?rest_route=…. */
const routeOf = (/** @type {string} */ url) => {
  const address = new URL(url, 'http://site.test');
  const route = address.pathname.startsWith('/wp-json')
    ? address.pathname.slice('/wp-json'.length)
    : (address.searchParams.get('rest_route') ?? '');
  return { route, search: address.search.slice(1) };
};

describe('which requests a kept answer may answer', () => {
  it.each(shared)('$case', (rule) => {
    const { route, search } = routeOf(rule.url);
    const path = matchSearchRoute(route);
    expect(path).not.toBeNull();
    const asked = answerQuestion({
      method: rule.method ?? 'GET',
      search,
      headers: headersOf(rule),
      hasBody: rule.body !== undefined,
      path: /** @type {NonNullable<typeof path>} */ (path),
    });
    expect(asked.refused).toBe(rule.refused);
    if (rule.refused === null) expect(asked.question).toEqual(rule.question);
  });
});

/**
 * A request sent as the case says (a body with any method, which fetch() refuses).
 * @param {AnswerCase} rule
 * @returns {Promise<{headers: import('node:http').IncomingHttpHeaders, text: string}>}
 */
function send(rule) {
  return new Promise((resolve, reject) => {
    const req = request(
      `${mock.server.url}${rule.url}`,
      {
        method: rule.method ?? 'GET',
        headers: {
          ...headersOf(rule),
          ...(rule.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(rule.body)) }),
        },
      },
      (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject).end(rule.body);
  });
}

describe("the demo's wire takes and refuses them so", () => {
  it.each(shared.filter(({ url }) => url.startsWith('/wp-json/')))('$case', async (rule) => {
    const first = await send(rule);
    const second = await send(rule);
    const states = [first.headers['x-donation-widgets-cache'], second.headers['x-donation-widgets-cache']];
    if (rule.refused === null) {
      expect(states[1]).toBe('hit');
      expect(JSON.parse(second.text).request).toEqual(rule.question);
      expect(second.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      return;
    }
    // Refused before the route (a nonce the demo does not know) or by the wire: never from the store.
    for (const state of states) expect([undefined, 'bypass']).toContain(state);
    if (rule.refused !== 'not-kept') expect(second.headers['cache-control']).not.toMatch(/public/);
  });
});
