/**
 * A bounded load test of the search route on loopback: the mock server in its own process,
 * autocannon in this one, 127.0.0.1 only, well under 30 s. Searches rotate over the demo's metros so
 * the server cannot answer one cached query.
 */
import autocannon from 'autocannon';
import { startMockServerProcess } from '../lib/mock-server-process.mjs';
import { table } from '../lib/stats.mjs';

const SEARCHES = ['10001/10/30', '60601/25/90', '90012/15/60', '75201/30/90', '98101/5/14'];
const DURATION_S = 10;
const CONNECTIONS = 10;

/** @returns {Promise<{ markdown: string, goals: { name: string, met: boolean, detail: string }[] }>} */
export async function benchLoad() {
  const server = await startMockServerProcess();
  try {
    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: DURATION_S,
      requests: SEARCHES.map((search) => ({ method: 'GET', path: `/wp-json/donations/v1/search/${search}` })),
    });
    const failures = result.errors + result.timeouts + result.non2xx;
    const markdown = [
      '## Load test: the search route on loopback',
      '',
      `autocannon, ${CONNECTIONS} connections for ${DURATION_S} s against \`node mock-server/start.mjs\` on 127.0.0.1,`,
      `rotating ${SEARCHES.length} searches (${SEARCHES.map((s) => `\`${s}\``).join(', ')}).`,
      '',
      table(
        ['requests/s (mean)', 'latency p50', 'latency p99', 'requests', 'errors', 'timeouts', 'non-2xx'],
        [
          [
            result.requests.average.toFixed(0),
            `${result.latency.p50} ms`,
            `${result.latency.p99} ms`,
            result.requests.total,
            result.errors,
            result.timeouts,
            result.non2xx,
          ],
        ],
      ),
    ].join('\n');
    const goal = {
      name: 'load test: 0 errors',
      met: failures === 0,
      detail: `${failures} failed of ${result.requests.total}`,
    };
    return { markdown, goals: [goal] };
  } finally {
    await server.stop();
  }
}
