/**
 * One measurement of rendering a search answer in Chromium (timed by render-window.mjs): the
 * donors-search island with the Leaflet map, or the floor, the same rows written with one `innerHTML`
 * assignment and nothing else.
 */
import { SEARCH } from './donations-response.mjs';
import { openProbe, timeWindow } from './render-window.mjs';

/**
 * The island: a first search warms up (downloads the map code, creates the map, caches the zip
 * boundaries of the same zips), then the measured search renders `answer`.
 * @param {{ body: string, rows: number, markers: number }} answer
 * @param {{ body: string, rows: number, markers: number }} warmUp
 */
export async function measureIsland(browser, baseUrl, answer, warmUp) {
  const probe = await openProbe(
    browser,
    baseUrl,
    '/islands/donors-search/',
    '**/wp-json/donations/v1/search/**',
  );
  const { page, context } = probe;
  try {
    await page.fill('#zipcode', SEARCH.zipcode);
    await page.selectOption('#radius', SEARCH.radius);
    await page.selectOption('#days', SEARCH.days);
    const search = async ({ body, rows, markers }) => {
      await page.click('#donors-in-your-area button[type=submit]');
      // 'working' takes the table away (there is one only with results), so the rows counted next
      // belong to this answer.
      await page.waitForFunction(() => !document.querySelector('#donors-in-your-area-table'));
      await page.evaluate(
        ({ rows, markers }) => {
          // Looked up on every check: each answer gets a new table element (a React key per search).
          // Done when every row is reachable (the first page is in and the pager names the full count,
          // or every row is in when there is one page) and the markers in view stand for every
          // donation (a cluster for its count, read from its title; the first view shows the radius).
          const countText = new Intl.NumberFormat('en-US').format(rows);
          const done = () => {
            const table = document.getElementById('donors-in-your-area-table');
            const shown = table?.tBodies[0]?.rows.length ?? 0;
            const pager = document.querySelector('.donors-table-pages p')?.textContent ?? '';
            const reachable = shown === rows || (shown === 100 && pager.endsWith(` of ${countText}`));
            let marked = 0;
            for (const element of document
              .getElementById('map')
              ?.getElementsByClassName('donors-search-marker') ?? []) {
              if (element.classList.contains('donors-search-centre')) continue;
              const cluster = /^Cluster of ([\d,]+) donations$/.exec(element.title);
              marked += cluster ? Number(cluster[1].replace(/,/g, '')) : 1;
            }
            return reachable && marked >= markers;
          };
          const host = document.querySelector('[data-island="donors-search"]');
          window.__bench.done = window.__bench.whenRendered(done, host);
        },
        { rows, markers },
      );
      const timing = await timeWindow(probe, body, '/donations/v1/search/');
      const markerElements = await page.evaluate(
        () => document.querySelectorAll('#map .donors-search-marker:not(.donors-search-centre)').length,
      );
      return { ...timing, markerElements };
    };
    await search(warmUp);
    await probe.networkQuiet();
    return await search(answer);
  } finally {
    await context.close();
  }
}

/** The floor: fetch, parse, escape and write every row with one `innerHTML` assignment. */
export async function measureFloor(browser, baseUrl, body) {
  const probe = await openProbe(browser, baseUrl, '/about/', '**/bench-floor.json');
  try {
    await probe.page.evaluate(() => {
      // Laid out like the island's table (fixed layout, full width, four headed columns), so the two
      // differ in how the rows get there, not in what the browser must lay out.
      const table = document.querySelector('main').appendChild(document.createElement('table'));
      Object.assign(table.style, { tableLayout: 'fixed', width: '100%' });
      table.createTHead().innerHTML = '<tr><th>Number</th><th>Title</th><th>Zip code</th><th>Date</th></tr>';
      const tbody = table.createTBody();
      const entities = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
      const asText = (value) => String(value).replace(/[&<>"]/g, (c) => entities[c]);
      const cells = (d) =>
        [d.number, d.title, d.zipcode, d.date].map((v) => `<td>${asText(v)}</td>`).join('');
      window.__bench.done = fetch('/bench-floor.json')
        .then((response) => response.json())
        .then((json) => {
          tbody.innerHTML = json.data.donations.map((d) => `<tr>${cells(d)}</tr>`).join('');
          return window.__bench.whenRendered(() => true, tbody);
        });
    });
    return await timeWindow(probe, body, '/bench-floor.json');
  } finally {
    await probe.context.close();
  }
}
