import { once } from 'node:events';
import { createServer, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockServerForThisFile } from './helpers.js';

const mock = mockServerForThisFile();

/** Another server on this machine, which records every request that reaches it. */
const elsewhere = createServer((req, res) => {
  received.push({ url: req.url ?? '', cookie: req.headers.cookie });
  res.writeHead(200, { 'Content-Type': 'application/json' }).end('[]');
});
/** @type {{url: string, cookie: string | undefined}[]} */
const received = [];
beforeAll(async () => {
  elsewhere.listen(0, '127.0.0.1');
  await once(elsewhere, 'listening');
});
afterAll(() => new Promise((resolve) => elsewhere.close(resolve)));

/**
 * A GET with headers fetch() would not send as written (Host).
 * @param {string} path
 * @param {Record<string, string>} headers
 * @returns {Promise<{status: number | undefined, text: string}>}
 */
function rawGet(path, headers) {
  return new Promise((resolve, reject) => {
    const req = request(`${mock.server.url}${path}`, { headers }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode, text }));
    });
    req.on('error', reject).end();
  });
}

describe("the printed search's request to the donations route", () => {
  it('goes to the demo itself when the Host header names another server, and no cookie leaves', async () => {
    const address = /** @type {import('node:net').AddressInfo} */ (elsewhere.address());
    const { status, text } = await rawGet('/islands/donors-search/?zipcode=60601&radius=30&days=90', {
      host: `127.0.0.1:${address.port}`,
      cookie: 'wordpress_logged_in_demo=secret; mock_faults=',
    });
    expect(status).toBe(200);
    expect(received).toEqual([]);
    expect(text).toMatch(/aria-label="Show donation 1, /);
  });
});
