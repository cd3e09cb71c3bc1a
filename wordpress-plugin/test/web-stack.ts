/**
 * The servers a site can run behind in place of PHP's built-in one, as hosts run WordPress: Debian's
 * nginx in front of php-fpm, with gzip for JSON as a host turns it on, and a Redis for an object-cache
 * drop-in. Each with a config of its own in the site's temp dir, on loopback or a socket there, in the
 * foreground and its own process group, so that the site's stop ends it by PID.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { until } from './wordpress-server.ts';

const run = promisify(execFile);

/** Debian names php-fpm for the PHP it belongs to, and keeps it off a user's PATH. */
async function phpFpm(): Promise<string> {
  const { stdout } = await run('php', ['-r', 'echo PHP_MAJOR_VERSION . "." . PHP_MINOR_VERSION;']);
  return `/usr/sbin/php-fpm${stdout}`;
}

/** What is missing for the stack on this machine, in words; empty when everything is there. */
export async function missingForWebStack(): Promise<string[]> {
  const missing: string[] = [];
  const fpm = await phpFpm();
  await run(fpm, ['--version']).catch(() => missing.push(`${fpm} (Debian package php-fpm)`));
  for (const [tool, pkg] of [
    ['nginx', 'nginx'],
    ['redis-server', 'redis-server'],
    ['redis-cli', 'redis-tools'],
  ])
    await run('sh', ['-c', `command -v ${tool}`]).catch(() =>
      missing.push(`${tool} (Debian package ${pkg})`),
    );
  const { stdout } = await run('php', ['-r', 'echo extension_loaded("redis") ? "yes" : "no";']);
  if (stdout !== 'yes') missing.push('the redis PHP extension (Debian package php-redis)');
  return missing;
}

/** php-fpm's pool: four workers, as the built-in server has, so a loopback request from a worker is served. */
const fpmConfig = (dir: string) => `[global]
pid = ${dir}/php-fpm.pid
error_log = ${dir}/php-fpm.log
daemonize = no

[www]
listen = ${dir}/php-fpm.sock
pm = static
pm.max_children = 4
clear_env = no
catch_workers_output = yes
`;

/** nginx as WordPress's own nginx recipe has it, with `gzip on` for JSON, and every path in the temp dir. */
const nginxConfig = (dir: string, root: string, port: number) => `daemon off;
# Workers as the user running the tests, who owns the temp dir and php-fpm's socket (only root may switch).
user ${userInfo().username};
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log;
worker_processes 1;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${dir}/nginx/body;
  fastcgi_temp_path ${dir}/nginx/fastcgi;
  proxy_temp_path ${dir}/nginx/proxy;
  uwsgi_temp_path ${dir}/nginx/uwsgi;
  scgi_temp_path ${dir}/nginx/scgi;
  gzip on;
  gzip_types application/json;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    index index.php;
    location / { try_files $uri $uri/ /index.php?$args; }
    location ~ \\.php$ {
      include /etc/nginx/fastcgi_params;
      fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;
      fastcgi_pass unix:${dir}/php-fpm.sock;
    }
  }
}
`;

const start = (command: string, args: string[]) => spawn(command, args, { stdio: 'ignore', detached: true });

/** Starts php-fpm and nginx serving `root` on `port`; resolves once nginx answers. */
export async function startNginx(dir: string, root: string, port: number): Promise<ChildProcess[]> {
  await mkdir(path.join(dir, 'nginx'), { recursive: true });
  await writeFile(path.join(dir, 'php-fpm.conf'), fpmConfig(dir));
  await writeFile(path.join(dir, 'nginx.conf'), nginxConfig(dir, root, port));
  // -R: the tests may run as root, which php-fpm refuses unless told.
  const fpm = start(await phpFpm(), ['--nodaemonize', '-R', '-y', path.join(dir, 'php-fpm.conf')]);
  const nginx = start('nginx', [
    '-p',
    dir,
    '-c',
    path.join(dir, 'nginx.conf'),
    '-e',
    path.join(dir, 'nginx-error.log'),
  ]);
  // nginx answers 502 until php-fpm listens.
  await until(
    'nginx and php-fpm',
    async () => (await fetch(`http://127.0.0.1:${port}/wp-login.php`)).status !== 502,
  );
  return [fpm, nginx];
}

/** Starts a Redis on a unix socket in `dir`, keeping nothing on disk. */
export async function startRedis(dir: string): Promise<{ child: ChildProcess; socket: string }> {
  const socket = path.join(dir, 'redis.sock');
  const child = start('redis-server', [
    '--port',
    '0',
    '--unixsocket',
    socket,
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
  ]);
  await until('Redis', async () => (await redisCommand(socket, 'PING')).trim() === 'PONG');
  return { child, socket };
}

/** The drop-in's connection constants, as Redis Object Cache reads them, for wp-config.php. */
export const redisConfig = (socket: string) => `define( 'WP_REDIS_SCHEME', 'unix' );
// A process a test started with its own path (one that reaches no Redis) keeps it.
defined( 'WP_REDIS_PATH' ) || define( 'WP_REDIS_PATH', '${socket}' );
// A Redis gone mid-run must leave the site answering from the database, not on the drop-in's error page.
define( 'WP_REDIS_GRACEFUL', true );`;

/** Runs one redis-cli command against the Redis at `socket` and resolves with what it printed. */
export function redisCommand(socket: string, ...command: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('redis-cli', ['-s', socket, ...command]);
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (status) =>
      status === 0 ? resolve(out) : reject(new Error(`redis-cli ${command[0]}: ${status}`)),
    );
  });
}
