/**
 * A real WordPress for tests: a copy of one of Debian's WordPress releases (see wordpress-releases.mjs),
 * its own MariaDB and PHP's built-in server (or Debian's nginx and php-fpm, and a Redis behind an
 * object-cache drop-in, when a test asks: see web-stack.ts),
 * all in one temp dir on loopback ports, stopped by PID. Nothing outside the temp dir is touched
 * (Debian's own wp-config.php reads /etc/wordpress, so the copy gets a config of its own).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

const TOOLS = ['php', 'mariadbd', 'mariadb-install-db', 'mariadb', 'zip'];

/** What is missing for a real WordPress on this machine besides WordPress itself, in words; empty when everything is there. */
export async function missingForWordPress(): Promise<string[]> {
  const missing: string[] = [];
  for (const tool of TOOLS) {
    await run('sh', ['-c', `command -v ${tool}`]).catch(() => missing.push(`${tool} (not on PATH)`));
  }
  if (missing.length === 0) {
    const { stdout } = await run('php', ['-r', 'echo extension_loaded("mysqli") ? "yes" : "no";']);
    if (stdout !== 'yes') missing.push('the mysqli PHP extension (Debian package php-mysql)');
    // The boundary upload checks each KML file with PHP's DOM, as most hosts have it.
    const dom = await run('php', ['-r', 'echo extension_loaded("dom") ? "yes" : "no";']);
    if (dom.stdout !== 'yes') missing.push('the dom PHP extension (Debian package php-xml)');
  }
  return missing;
}

export const ADMIN = { user: 'admin', password: 'correct-horse-battery-staple', email: 'admin@example.test' };

/** A running WordPress, as plain data a vitest globalSetup can hand to test files. */
export interface WordPressSite {
  /** The site's URL, no trailing slash. */
  url: string;
  /** The temp dir holding everything. */
  dir: string;
  /** The WordPress folder (ABSPATH). */
  root: string;
  /** `wp-content/debug.log` under WP_DEBUG. */
  debugLog: string;
}

/** A PHP expression for `text`, whatever it holds (quotes, $, backslashes). */
export const phpString = (text: string) => `base64_decode('${Buffer.from(text).toString('base64')}')`;

/**
 * Runs PHP inside WordPress (after wp-load.php) and resolves with what it printed; `phpArgs` go to PHP
 * before the script (e.g. `-d auto_prepend_file=…`, a file that runs before wp-config.php).
 */
export async function runPhp(site: WordPressSite, code: string, phpArgs: string[] = []): Promise<string> {
  const child = spawn('php', [...phpArgs, path.join(site.dir, 'eval.php')], {
    env: { ...process.env, WP_TEST_URL: site.url },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  child.stdin.end(code);
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (status !== 0) throw new Error(`PHP failed (${status}): ${err || out}`);
  return out;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it resolves true, naming `what` when it never does. */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
}

/**
 * Stops a process started with `detached: true` and everything in its process group: PHP's built-in
 * server forks its workers (PHP_CLI_SERVER_WORKERS), and they outlive a signal to the parent alone.
 */
export function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const group = -child.pid;
  return new Promise((resolve) => {
    const force = setTimeout(() => process.kill(group, 'SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    process.kill(group, 'SIGTERM');
  });
}

const ROUTER = `<?php
// Files (and folders with an index.php) are served as they are; everything else is WordPress's front
// controller, as Apache's rewrite rules would do.
$path = rawurldecode( parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH ) );
$file = $_SERVER['DOCUMENT_ROOT'] . $path;
if ( is_file( $file ) || is_file( rtrim( $file, '/' ) . '/index.php' ) ) {
	return false;
}
$_SERVER['SCRIPT_NAME'] = '/index.php';
require $_SERVER['DOCUMENT_ROOT'] . '/index.php';
`;

const EVAL = `<?php
// Runs PHP from stdin inside WordPress, as a test's setup step.
define( 'WP_ADMIN', false );
$_SERVER['HTTP_HOST'] = parse_url( getenv( 'WP_TEST_URL' ), PHP_URL_HOST ) . ':' . parse_url( getenv( 'WP_TEST_URL' ), PHP_URL_PORT );
$_SERVER['REQUEST_URI'] = '/';
require __DIR__ . '/wordpress/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
eval( stream_get_contents( STDIN ) );
`;

function wpConfig(socket: string, url: string, extra: string): string {
  const salt = () => randomBytes(32).toString('hex');
  const keys = [
    'AUTH_KEY',
    'SECURE_AUTH_KEY',
    'LOGGED_IN_KEY',
    'NONCE_KEY',
    'AUTH_SALT',
    'SECURE_AUTH_SALT',
    'LOGGED_IN_SALT',
    'NONCE_SALT',
  ];
  return `<?php
define( 'DB_NAME', 'wordpress' );
define( 'DB_USER', 'root' );
define( 'DB_PASSWORD', '' );
define( 'DB_HOST', 'localhost:${socket}' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
${keys.map((key) => `define( '${key}', '${salt()}' );`).join('\n')}
$table_prefix = 'wp_';
define( 'WP_HOME', '${url}' );
define( 'WP_SITEURL', '${url}' );
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_LOG', true );
define( 'WP_DEBUG_DISPLAY', false );
define( 'FS_METHOD', 'direct' );
define( 'DISABLE_WP_CRON', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
// No internet here: update checks and oEmbed lookups would wait for their timeouts on every admin page.
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'WP_ENVIRONMENT_TYPE', 'local' );
${extra}
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
`;
}

export interface StartOptions {
  /** The WordPress folder to copy (a plain tree, or one whose links resolve on this machine). */
  source: string;
  /** PHP files (or folders, which a file among them loads) copied into wp-content/mu-plugins before the install. */
  muPlugins?: string[];
  /** nginx → php-fpm with gzip for JSON, in place of PHP's built-in server. */
  nginx?: boolean;
  /** A Redis of the site's own and this object-cache drop-in in wp-content, before the install. */
  redisDropIn?: string;
}

/** What a started site hands back: the site, its stop, and its Redis's when it has one. */
export interface StartedWordPress {
  site: WordPressSite;
  stop: () => Promise<void>;
  /** The Redis behind the drop-in: its socket, a stop that leaves the site running without it, and a start again (empty). */
  redis?: { socket: string; stop: () => Promise<void>; start: () => Promise<void> };
}

/** Starts MariaDB and WordPress, installs WordPress with pretty permalinks, and returns its handle. */
export async function startWordPress({
  source,
  muPlugins = [],
  nginx = false,
  redisDropIn,
}: StartOptions): Promise<StartedWordPress> {
  const dir = await mkdtemp(path.join(tmpdir(), 'donation-widgets-wp-'));
  const root = path.join(dir, 'wordpress');
  const datadir = path.join(dir, 'db');
  const socket = path.join(dir, 'db.sock');
  let mariadb: ChildProcess | undefined;
  let php: ChildProcess | undefined;
  const extras: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all([stopProcess(php), stopProcess(mariadb), ...extras.map(stopProcess)]);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    // The copy and the database's first files are the slow steps: done side by side.
    await Promise.all([
      cp(source, root, { recursive: true, dereference: true }),
      run('mariadb-install-db', [
        '--no-defaults',
        `--datadir=${datadir}`,
        '--auth-root-authentication-method=normal',
        '--user=root',
        '--skip-test-db',
      ]),
    ]);
    const [dbPort, webPort] = [await freePort(), await freePort()];
    mariadb = spawn(
      'mariadbd',
      [
        '--no-defaults',
        `--datadir=${datadir}`,
        `--socket=${socket}`,
        `--port=${dbPort}`,
        '--bind-address=127.0.0.1',
        '--user=root',
        '--skip-log-bin',
        // A test site's database need not survive a power cut: no flush to disk at every commit.
        '--innodb-flush-log-at-trx-commit=0',
        `--pid-file=${path.join(dir, 'db.pid')}`,
      ],
      { stdio: 'ignore', detached: true },
    );
    const mariadbCli = (sql: string) =>
      run('mariadb', ['--no-defaults', `--socket=${socket}`, '-uroot', '-e', sql]);
    await until('MariaDB', async () => {
      await mariadbCli('SELECT 1');
      return true;
    });
    await mariadbCli('CREATE DATABASE wordpress CHARACTER SET utf8mb4');

    const url = `http://127.0.0.1:${webPort}`;
    await rm(path.join(root, 'wp-config.php'));
    // Loaded only when asked: the bench loads this file alone, from a data: URL (bench/lib/wordpress-site.mjs).
    const stack = nginx || redisDropIn ? await import('./web-stack.ts') : undefined;
    const redis = redisDropIn && stack ? await stack.startRedis(dir) : undefined;
    if (redis) extras.push(redis.child);
    let redisChild = redis?.child;
    await writeFile(
      path.join(root, 'wp-config.php'),
      wpConfig(socket, url, redis && stack ? stack.redisConfig(redis.socket) : ''),
    );
    if (redisDropIn) await cp(redisDropIn, path.join(root, 'wp-content/object-cache.php'));
    await writeFile(path.join(dir, 'router.php'), ROUTER);
    await writeFile(path.join(dir, 'eval.php'), EVAL);
    await mkdir(path.join(root, 'wp-content/mu-plugins'), { recursive: true });
    for (const file of muPlugins)
      await cp(file, path.join(root, 'wp-content/mu-plugins', path.basename(file)), { recursive: true });

    if (nginx && stack) extras.push(...(await stack.startNginx(dir, root, webPort)));
    else
      php = spawn('php', ['-S', `127.0.0.1:${webPort}`, '-t', root, path.join(dir, 'router.php')], {
        // Several workers, so a page's script and REST requests are not served one after another.
        env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' },
        stdio: 'ignore',
        detached: true,
      });
    await until('PHP', async () => (await fetch(`${url}/wp-login.php`, { redirect: 'manual' })).status > 0);

    const install = await fetch(`${url}/wp-admin/install.php?step=2`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        weblog_title: 'Donation widgets test site',
        user_name: ADMIN.user,
        admin_password: ADMIN.password,
        admin_password2: ADMIN.password,
        pw_weak: '1',
        admin_email: ADMIN.email,
        blog_public: '0',
        language: '',
      }),
    });
    const installed = await install.text();
    if (!installed.includes('Success!')) throw new Error(`WordPress install failed: HTTP ${install.status}`);

    const site: WordPressSite = { url, dir, root, debugLog: path.join(root, 'wp-content/debug.log') };
    await runPhp(
      site,
      `global $wp_rewrite;
      $wp_rewrite->set_permalink_structure( '/%postname%/' );
      flush_rewrite_rules( false );`,
    );
    return {
      site,
      stop,
      ...(redis &&
        stack && {
          redis: {
            socket: redis.socket,
            stop: () => stopProcess(redisChild),
            start: async () => {
              if (redisChild && redisChild.exitCode === null && redisChild.signalCode === null) return;
              redisChild = (await stack.startRedis(dir)).child;
              extras.push(redisChild);
            },
          },
        }),
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The lines of debug.log, or none when WordPress wrote nothing. */
export async function readDebugLog(site: WordPressSite): Promise<string[]> {
  const text = await readFile(site.debugLog, 'utf8').catch(() => '');
  return text.split('\n').filter(Boolean);
}
