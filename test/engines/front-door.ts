/**
 * What every engine's browser talks to instead of the mock server itself: the same site, with a request
 * log that does not depend on the engine's network events, a door shut on everything that would leave
 * the machine (map tiles, Google), and a probe script the site serves from its own origin so that its
 * CSP (`script-src 'self'`) lets it run before the page's own scripts.
 *
 * It answers as a web server (the address the tests open) and as an HTTP proxy (WebKit's way in: its
 * WebDriver can route a session through a proxy but cannot intercept requests).
 */
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOGIN_COOKIE, LOGIN_VALUE } from '../../mock-server/wordpress/login.js';

export interface LoggedRequest {
  method: string;
  /** The full URL as the page asked for it, or `https://host:port` for a tunnel the door refused. */
  url: string;
  /** Whether the request would have left the machine and was refused. */
  blocked: boolean;
  /**
   * Resolves once the door is done with the request: `answered` when the whole answer went out,
   * `abandoned` when the browser gave up on it first (an aborted fetch, a page that left).
   */
  settled: Promise<'answered' | 'abandoned'>;
}

/** A request the door keeps waiting for its answer (see `FrontDoor.hold`). */
export interface HeldRequest {
  /** Resolves once the browser has asked for the path. */
  readonly arrived: Promise<void>;
  /** Whether the browser gave up on the request (it left the page) before it was answered. */
  readonly abandoned: () => boolean;
  /** Answers the request as the site would, if the browser is still waiting for it. */
  release(): void;
}

export interface FrontDoor {
  /** The site's address, e.g. http://127.0.0.1:40123, without a trailing slash. */
  readonly url: string;
  /** `host:port`, for a browser's proxy settings. */
  readonly proxy: string;
  /** Every request so far, in the order they arrived. */
  readonly requests: readonly LoggedRequest[];
  /**
   * What pages sent to `/__harness/note` (with `navigator.sendBeacon`), oldest first: a page that is
   * leaving can still send one, in every engine, where storage written at `pagehide` may not arrive.
   */
  readonly notes: readonly string[];
  /** Records a request the browser's own interception refused before it reached the door. */
  recordBlocked(method: string, url: string): void;
  /**
   * Holds back the answer to the next request for `path` (a path on the site; the query does not count)
   * until `release()`, so a test can act while a download is under way.
   */
  hold(path: string): HeldRequest;
  /** Serves `body` at `path` on the site (for pages a test builds itself). */
  serve(path: string, contentType: string, body: string, headers?: Record<string, string>): void;
  close(): Promise<void>;
}

/** A refused request is answered at once: the door has nothing more to do with it. */
const REFUSED = Promise.resolve('answered' as const);
const PROBE_PATH = '/__harness/probe.js';
const PROBE = readFileSync(new URL('./probe.js', import.meta.url), 'utf8');
const CLOCK_PATH = '/__harness/clock.js';
const CLOCK = readFileSync(new URL('./fake-clock.js', import.meta.url), 'utf8');
/** The cookie that asks for the fake clock (fake-clock.js) on every page of the site. */
const CLOCK_COOKIE = 'harness-clock=fake';
const FAULT_PATH = '/__harness/fault';
const NOTE_PATH = '/__harness/note';
/** An empty page of the site, where a WebDriver session wipes the last test's storage and cookies. */
const BLANK_PATH = '/__harness/blank';

/** Starts a front door for the mock server at `target` (its URL). */
export async function startFrontDoor(target: string): Promise<FrontDoor> {
  const upstream = new URL(target);
  const requests: LoggedRequest[] = [];
  const notes: string[] = [];
  const served = new Map<string, { contentType: string; body: string; headers: Record<string, string> }>();
  const holds = new Map<string, (answer: () => void, res: ServerResponse) => void>();
  let self = '';

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? upstream.host}`);
    const local = url.host === new URL(self).host || url.host === upstream.host;
    requests.push({
      method: req.method ?? 'GET',
      url: local ? `${self}${url.pathname}${url.search}` : url.href,
      blocked: !local,
      settled: once(res, 'close').then(() => (res.writableFinished ? 'answered' : 'abandoned')),
    });
    if (!local)
      return void res.writeHead(403, { 'content-type': 'text/plain' }).end('Blocked by the test harness');
    if (url.pathname === PROBE_PATH)
      return void res
        .writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' })
        .end(PROBE);
    if (url.pathname === CLOCK_PATH)
      return void res
        .writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' })
        .end(CLOCK);
    if (url.pathname === FAULT_PATH) return setFault(url, res);
    if (url.pathname === NOTE_PATH && req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        notes.push(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(204).end();
      });
      return;
    }
    if (url.pathname === BLANK_PATH)
      return void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>blank</title>');
    const own = served.get(url.pathname);
    if (own)
      return void res
        .writeHead(200, { ...own.headers, 'content-type': own.contentType })
        .end(own.contentType === 'text/html' ? withProbe(own.body, fakeClock(req)) : own.body);
    const hold = holds.get(url.pathname);
    if (hold) {
      holds.delete(url.pathname);
      return hold(() => forward(req, res, url), res);
    }
    forward(req, res, url);
  });
  // An HTTPS request asks the proxy for a tunnel: nothing on the machine answers HTTPS, so each is refused.
  server.on('connect', (req: IncomingMessage, socket) => {
    requests.push({ method: 'CONNECT', url: `https://${req.url}`, blocked: true, settled: REFUSED });
    socket.end('HTTP/1.1 403 Blocked by the test harness\r\n\r\n');
  });

  function forward(req: IncomingMessage, res: ServerResponse, url: URL) {
    const proxied = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: `${url.pathname}${url.search}`,
        // Uncompressed, so the probe can be put into a page; no engine suite measures bytes.
        headers: { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' },
      },
      (answer) => {
        const html = /^text\/html/.test(answer.headers['content-type'] ?? '');
        if (!html) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const page = Buffer.concat(chunks).toString('utf8');
          const body = withProbe(page, fakeClock(req));
          const { 'content-length': _, ...headers } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, headers).end(body);
        });
        answer.on('error', () => res.destroy());
      },
    );
    // The mock's `drop` fault closes the connection: the browser must see the same.
    proxied.on('error', () => res.destroy());
    res.on('close', () => {
      if (!res.writableFinished) proxied.destroy();
    });
    req.pipe(proxied);
  }

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  self = `http://127.0.0.1:${port}`;
  return {
    url: self,
    proxy: `127.0.0.1:${port}`,
    requests,
    notes,
    recordBlocked: (method, url) => void requests.push({ method, url, blocked: true, settled: REFUSED }),
    hold(path) {
      let answer: (() => void) | undefined;
      let closed = false;
      let arrive = () => {};
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      holds.set(path, (held, res) => {
        answer = held;
        res.on('close', () => {
          closed = true;
        });
        arrive();
      });
      return {
        arrived,
        abandoned: () => closed,
        release() {
          holds.delete(path);
          if (answer && !closed) answer();
        },
      };
    },
    serve: (path, contentType, body, headers = {}) => void served.set(path, { contentType, body, headers }),
    async close() {
      const closed = once(server, 'close');
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}

const fakeClock = (req: IncomingMessage) => (req.headers.cookie ?? '').split(/;\s*/).includes(CLOCK_COOKIE);

/**
 * The page with the probe first in <head>, before the islands' loader and every other script of the
 * page, and before it the fake clock when the page asked for it.
 */
const withProbe = (page: string, clock: boolean) =>
  page.replace(
    /<head([^>]*)>/i,
    `<head$1>${clock ? `<script src="${CLOCK_PATH}"></script>` : ''}<script src="${PROBE_PATH}"></script>`,
  );

/**
 * The address that sets the mock's fault cookie (and the fake clock's and the demo login's, when
 * asked), then goes on to `path`: cookies set the same way in every engine.
 */
export const faultThenOpen = (fault: string, path: string, clock = false, loggedIn = false) =>
  `${FAULT_PATH}?${new URLSearchParams({ fault, to: path, ...(clock && { clock: 'fake' }), ...(loggedIn && { login: '1' }) })}`;

function setFault(url: URL, res: ServerResponse) {
  const fault = url.searchParams.get('fault') ?? '';
  const to = url.searchParams.get('to') ?? '/';
  if (!to.startsWith('/') || to.startsWith('//')) return void res.writeHead(400).end('`to` must be a path');
  const cookies = [`mock-fault=${encodeURIComponent(fault)}; Path=/; SameSite=Lax`];
  if (url.searchParams.get('clock') === 'fake') cookies.push(`${CLOCK_COOKIE}; Path=/; SameSite=Lax`);
  if (url.searchParams.get('login') === '1')
    cookies.push(`${LOGIN_COOKIE}=${LOGIN_VALUE}; Path=/; SameSite=Lax`);
  res.writeHead(303, { location: to, 'set-cookie': cookies, 'cache-control': 'no-store' }).end();
}
