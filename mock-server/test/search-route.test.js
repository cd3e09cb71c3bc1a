import { distance } from 'geokdbush';
import { describe, expect, it } from 'vitest';
import { parseWordPressDate } from '../data/wordpress-date.js';
import { KM_PER_MILE, zipTable } from '../data/zip-table.js';
import { isSearchSuccess, shapeOf } from '../wordpress/response-shapes.js';
import { mockServerForThisFile, NOW } from './helpers.js';

const mock = mockServerForThisFile();
const search = (/** @type {string} */ path, /** @type {RequestInit} */ init = {}) =>
  mock.request(`/wp-json/donations/v1/search/${path}`, init);

const NO_ROUTE = {
  code: 'rest_no_route',
  message: 'No route was found matching the URL and request method.',
  data: { status: 404 },
};

/** What the answer must be: every donation whose zip centroid is within the radius, in the last `days` days. */
function expectedNumbers(
  /** @type {string} */ zipcode,
  /** @type {number} */ miles,
  /** @type {number} */ days,
) {
  const centre = zipTable.rowOf(zipcode);
  const cutoff = NOW - Math.min(days, 90) * 86_400_000;
  return mock.server.db.donations
    .filter((/** @type {any} */ d) => {
      const row = zipTable.rowOf(d.zipcode);
      const km = distance(zipTable.lng[centre], zipTable.lat[centre], zipTable.lng[row], zipTable.lat[row]);
      return km <= miles * KM_PER_MILE && parseWordPressDate(d.date) >= cutoff;
    })
    .map((/** @type {any} */ d) => d.number)
    .sort();
}

describe('GET /wp-json/donations/v1/search/{zipcode}/{radius}/{days}', () => {
  it('answers a search in the documented shape, as UTF-8 JSON', async () => {
    const { status, headers, json } = await search('10001/15/30');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(isSearchSuccess(json)).toBe(true);
    expect(json.request).toEqual({ zipcode: '10001', radius: '15', days: '30' });
    expect(json.coordinates).toEqual({ lat: 40.7484, lng: -73.9967 });
    expect(json.data.donations.length).toBeGreaterThan(50);
    const [first] = json.data.donations;
    expect(Object.keys(first).sort()).toEqual(['coordinates', 'date', 'number', 'title', 'zipcode']);
    expect(first.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('returns exactly the donations within the radius (haversine from the zip centroid) and the days', async () => {
    for (const [zipcode, miles, days] of /** @type {const} */ ([
      ['10001', 15, 30],
      ['90012', 5, 60],
      ['60601', 45, 90],
      ['77002', 1, 7],
    ])) {
      const { json } = await search(`${zipcode}/${miles}/${days}`);
      const numbers = json.data.donations.map((/** @type {any} */ d) => d.number).sort();
      expect(numbers, `${zipcode}/${miles}/${days}`).toEqual(expectedNumbers(zipcode, miles, days));
    }
  });

  it('counts the donations of every zip in donations_by_zipcode, and lists the newest first', async () => {
    const { json } = await search('30303/30/45');
    /** @type {Record<string, number>} */
    const counts = {};
    for (const d of json.data.donations) counts[d.zipcode] = (counts[d.zipcode] ?? 0) + 1;
    expect(json.donations_by_zipcode).toEqual(counts);
    const dates = json.data.donations.map((/** @type {any} */ d) => d.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('treats days above 90 as 90', async () => {
    const ninety = await search('10001/10/90');
    const ninetyNine = await search('10001/10/99');
    expect(ninetyNine.json.data.donations).toEqual(ninety.json.data.donations);
    expect(ninetyNine.json.request.days).toBe('99');
    expect(ninety.json.data.donations.length).toBeGreaterThan(
      (await search('10001/10/60')).json.data.donations.length,
    );
  });

  it('answers an unknown zip with the WP_Error shape, HTTP 200', async () => {
    const { status, text } = await search('00000/15/30');
    expect(status).toBe(200);
    expect(text).toBe('{"errors":{"nozipcodes":["No zip codes returned for 00000."]},"error_data":[]}');
  });

  it('answers a known zip without donations in range with an empty list, and [] counts as PHP does', async () => {
    const { json } = await search('99950/1/30');
    expect(json.data.donations).toEqual([]);
    expect(json.donations_by_zipcode).toEqual([]);
  });

  it('tolerates a query string, a trailing slash and a differently cased namespace, as WordPress does', async () => {
    for (const path of ['10001/15/30?_locale=user', '10001/15/30/', '10001/15/30/?_locale=user&x[]=1']) {
      const { status, json } = await search(path);
      expect(shapeOf(status, json), path).toBe('success');
    }
    const upper = await mock.request('/wp-json/Donations/V1/Search/10001/15/30');
    expect(upper.status).toBe(200);
  });

  it.each([
    ['a 4-digit zip', '1000/15/30'],
    ['a 6-digit zip', '100011/15/30'],
    ['letters', 'abcde/15/30'],
    ['a 3-digit radius', '10001/150/30'],
    ['a 3-digit days', '10001/15/300'],
    ['an empty segment', '10001//30'],
    ['a missing segment', '10001/15'],
    ['an extra segment', '10001/15/30/1'],
    ['a URL-encoded digit', '1000%31/15/30'],
    ['an encoded slash', '10001%2F15/30'],
    ['a negative radius', '10001/-1/30'],
    ['a decimal', '10001/1.5/30'],
  ])('answers %s with 404 rest_no_route', async (_name, path) => {
    const { status, headers, json } = await search(path);
    expect(status).toBe(404);
    expect(headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(json).toEqual(NO_ROUTE);
  });

  it('answers other methods and every other /wp-json/ path with rest_no_route', async () => {
    expect((await search('10001/15/30', { method: 'POST' })).json).toEqual(NO_ROUTE);
    expect((await search('10001/15/30', { method: 'DELETE' })).status).toBe(404);
    for (const path of ['/wp-json/', '/wp-json', '/wp-json/wp/v2/posts', '/wp-json/donations/v1/search']) {
      const { status, json } = await mock.request(path);
      expect([path, status, json]).toEqual([path, 404, NO_ROUTE]);
    }
  });
});

describe('the donations collection', () => {
  it('is a json-server resource whose new donations appear in the next search', async () => {
    const before = (await search('59001/5/30')).json;
    const posted = await mock.request('/donations', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        number: 999_001,
        title: 'Piano bench',
        zipcode: '59001',
        date: '2025-06-15 10:30:00',
        coordinates: { lat: 45.5, lng: -109.5 },
      }),
    });
    expect(posted.status).toBe(201);
    const after = (await search('59001/5/30')).json;
    expect(before.data.donations).toEqual([]);
    expect(after.data.donations).toEqual([
      {
        number: 999_001,
        title: 'Piano bench',
        zipcode: '59001',
        date: '2025-06-15 10:30:00',
        coordinates: { lat: 45.5, lng: -109.5 },
      },
    ]);
    expect(after.donations_by_zipcode).toEqual({ 59001: 1 });
  });

  it('follows edits and deletions', async () => {
    const { json: created } = await mock.request('/donations', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Lamp', zipcode: '59002', date: '2025-06-14 09:00:00' }),
    });
    const found = async () =>
      (await search('59002/1/30')).json.data.donations.map((/** @type {any} */ d) => d.title);
    expect(await found()).toEqual(['Lamp']);
    await mock.request(`/donations/${created.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Two lamps' }),
    });
    expect(await found()).toEqual(['Two lamps']);
    await mock.request(`/donations/${created.id}`, { method: 'DELETE' });
    expect(await found()).toEqual([]);
  });

  it('keeps answering when a client POSTs a donation without a usable zip or date', async () => {
    for (const body of [
      {},
      { zipcode: 10001 },
      { zipcode: '10001', date: 'yesterday' },
      { zipcode: '<b>' },
    ]) {
      const { status } = await mock.request('/donations', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(status).toBe(201);
    }
    expect(shapeOf(200, (await search('10001/15/30')).json)).toBe('success');
  });

  it('answers a JSON body that does not parse with 400, not a crash', async () => {
    const { status } = await mock.request('/donations', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"title":',
    });
    expect(status).toBe(400);
  });
});
