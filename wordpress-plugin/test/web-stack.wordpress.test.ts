/**
 * The plugin on a host's stack (docs/testing.md#behind-nginx-and-redis): one site behind Debian's nginx,
 * gzip on for JSON, in front of php-fpm, with a Redis of its own behind an object-cache drop-in, the
 * stand-in of Redis Object Cache's (fixture/redis-object-cache-drop-in.php) or, when
 * REDIS_OBJECT_CACHE_DROP_IN names a file, the real one. On the newest release only
 * (wordpress-releases.mjs): it costs a start. Without nginx, php-fpm or Redis it skips loudly, and fails under CI=true.
 */
import { execFile } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getRaw } from './raw-get.ts';
import { missingForWebStack, redisCommand } from './web-stack.ts';
import { readDebugLog, runPhp, type StartedWordPress, startWordPress } from './wordpress-server.ts';
import { describeWordPress, suiteSite } from './wordpress-suite.ts';

const run = promisify(execFile);
const STAND_IN = fileURLToPath(new URL('./fixture/redis-object-cache-drop-in.php', import.meta.url));
const DROP_IN = process.env.REDIS_OBJECT_CACHE_DROP_IN || STAND_IN;
const SEARCH = '/wp-json/donations/v1/search/10001/15/30';
const KEEP = { cookie: 'fixture=keep' };
const GZIP = { ...KEEP, 'Accept-Encoding': 'gzip, deflate' };

const suite = suiteSite();
const missing = await missingForWebStack();
if (missing.length > 0) {
  if (process.env.CI === 'true')
    throw new Error(`CI=true and the web stack cannot run: missing ${missing.join(', ')}`);
  console.warn(`\n*** The nginx and Redis site SKIPPED: missing ${missing.join(', ')}. ***\n`);
}

/** The answer without its dates, which the fixture writes to the second of each request. */
const undated = (json: string) => json.replace(/"date":"[^"]*"/g, '"date":""');

/** Redis's count of keys found, from INFO. */
const keyspaceHits = async (socket: string) =>
  Number((await redisCommand(socket, 'INFO', 'stats')).match(/keyspace_hits:(\d+)/)?.[1]);

describeWordPress.skipIf(missing.length > 0)('the plugin behind nginx, php-fpm and Redis', () => {
  let stack: StartedWordPress | undefined;
  const site = () => {
    if (!stack) throw new Error('the stack did not start');
    return stack.site;
  };

  beforeAll(async () => {
    if (!suite) throw new Error('the suite has no WordPress');
    // The suite site's own must-use plugins: the donations route's fixture and Donation Manager's stand-in.
    const mu = path.join(suite.root, 'wp-content/mu-plugins');
    stack = await startWordPress({
      source: suite.release.source,
      muPlugins: (await readdir(mu)).map((name) => path.join(mu, name)),
      nginx: true,
      redisDropIn: DROP_IN,
    });
    await run('unzip', ['-q', suite.zip, '-d', path.join(stack.site.root, 'wp-content/plugins')]);
    const activated = await runPhp(
      stack.site,
      `$activated = activate_plugin( 'donation-widgets/donation-widgets.php' );
      echo is_wp_error( $activated ) ? $activated->get_error_message() : wp_json_encode( wp_using_ext_object_cache() );`,
    );
    expect(activated).toBe('true');
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('has the answer compressed by nginx once, never twice, and the plugin finds that nginx does it', async () => {
    const found = await runPhp(
      site(),
      `echo wp_json_encode( array( donation_widgets_probe_compression()['compresses'], donation_widgets_compression_side() ) );`,
    );
    expect(JSON.parse(found)).toEqual([true, 'server']);
    const health = await runPhp(
      site(),
      `require_once DONATION_WIDGETS_DIR . 'includes/site-health/site-health.php';
      echo donation_widgets_test_compression()['label'];`,
    );
    expect(health).toBe('Search answers travel compressed by the web server');
    const plain = await getRaw(site().url, SEARCH, KEEP);
    const compressed = await getRaw(site().url, SEARCH, GZIP);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.headers['content-encoding']).toBe('gzip');
    const decoded = gunzipSync(compressed.body).toString();
    expect(undated(decoded)).toBe(undated(plain.body.toString()));
    expect(JSON.parse(decoded).request).toEqual({ zipcode: '10001', radius: '15', days: '30' });
  });

  it('runs the route once for misses of one question at once, the claim held and released in Redis', async () => {
    const redis = stack?.redis;
    if (!redis) throw new Error('the stack has no Redis');
    await runPhp(site(), 'donation_widgets_forget_answers();');
    const runs = async () =>
      (await readDebugLog(site())).filter((line) => line.includes('$request = ')).length;
    const before = await runs();
    const slow = { cookie: `fixture=keep,slow,together-3-${Date.now().toString(36)}` };
    const answers = await Promise.all(
      [0, 1, 2].map(() => getRaw(site().url, '/wp-json/donations/v1/search/10011/45/60', slow)),
    );
    const states = answers.map((answer) => answer.headers['x-donation-widgets-cache']);
    expect(await runs()).toBe(before + 1);
    expect(states.filter((state) => state === 'miss')).toEqual(['miss']);
    expect(states).toContain('wait');
    expect((await redisCommand(redis.socket, 'KEYS', '*claim_*')).trim()).toBe('');
  });

  it('keeps answers in Redis, finds them there, and answers the same when Redis stops mid-run', async () => {
    const redis = stack?.redis;
    if (!redis) throw new Error('the stack has no Redis');
    await runPhp(site(), 'donation_widgets_forget_answers();');
    const miss = await getRaw(site().url, SEARCH, KEEP);
    const hitsBefore = await keyspaceHits(redis.socket);
    const hit = await getRaw(site().url, SEARCH, KEEP);
    expect([miss.headers['x-donation-widgets-cache'], hit.headers['x-donation-widgets-cache']]).toEqual([
      'miss',
      'hit',
    ]);
    expect(await keyspaceHits(redis.socket)).toBeGreaterThan(hitsBefore);
    expect(hit.body.equals(miss.body)).toBe(true);
    expect(await redisCommand(redis.socket, 'KEYS', '*donation_widgets*')).not.toBe('');

    await redis.stop();
    const withoutRedis = await getRaw(site().url, SEARCH, KEEP);
    expect(withoutRedis.status).toBe(200);
    expect(undated(withoutRedis.body.toString())).toBe(undated(miss.body.toString()));
    const again = await getRaw(site().url, SEARCH, { ...KEEP, 'Accept-Encoding': 'gzip' });
    expect(again.status).toBe(200);
    expect(undated(gunzipSync(again.body).toString())).toBe(undated(miss.body.toString()));
  });

  it("shows a donation filed by a process whose object cache fell back to memory in the other node's next answer", async () => {
    // Redis again (empty), after the test above stopped it, for the node that serves HTTP.
    const redis = stack?.redis;
    if (!redis) throw new Error('the stack has no Redis');
    await redis.start();
    const search = (path: string) => getRaw(site().url, path, { cookie: 'fixture=keep,real-posts,reach' });
    const titles = (answer: { body: Buffer }) =>
      (JSON.parse(answer.body.toString()).data.donations as { title: string }[]).map(({ title }) => title);
    await runPhp(site(), 'donation_widgets_forget_answers();');
    const york = '/wp-json/donations/v1/search/10001/15/30';
    const chicago = '/wp-json/donations/v1/search/60601/15/30';
    for (const path of [york, chicago]) {
      await search(path);
      expect((await search(path)).headers['x-donation-widgets-cache']).toBe('hit');
    }
    // A web node whose drop-in cannot reach Redis: Redis Object Cache's graceful fallback to memory.
    const elsewhere = path.join(site().dir, 'no-redis.php');
    await writeFile(
      elsewhere,
      `<?php define( 'WP_REDIS_PATH', ${JSON.stringify(path.join(site().dir, 'no-redis.sock'))} );`,
    );
    const filed = await runPhp(
      site(),
      `$id = wp_insert_post( array( 'post_type' => 'donation', 'post_status' => 'publish', 'post_title' => 'Harp - Ida Roe' ) );
      wp_set_object_terms( $id, '10011', 'pickup_code' );
      global $wp_object_cache;
      echo wp_json_encode( array( wp_using_ext_object_cache(), $wp_object_cache->redis_status() ) );`,
      ['-d', `auto_prepend_file=${elsewhere}`],
    );
    expect(JSON.parse(filed)).toEqual([true, false]);
    const next = await search(york);
    expect([next.headers['x-donation-widgets-cache'], titles(next).includes('Harp')]).toEqual(['miss', true]);
    expect((await search(chicago)).headers['x-donation-widgets-cache']).toBe('hit');
  });
});
