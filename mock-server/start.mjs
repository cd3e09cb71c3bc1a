/**
 * `npm start`: the mock WordPress site on HOST:PORT (127.0.0.1:3000 by default), with the demo pages
 * and the built islands from dist/.
 */
import { startMockServer } from './server.js';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';

try {
  const server = await startMockServer({ port, host });
  console.log(`Mock WordPress ready at ${server.url}/  (fault switches: ${server.url}/__faults/)`);
  const stop = () => server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(
    `Could not start the mock server on ${host}:${port}: ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
}
