/**
 * The boundary route under abuse by an admin's own cookie and nonce (docs/how-it-works.md, *Zip boundary
 * files sent from the settings screen*): a piece of a file is never served before it is whole and
 * checked, a site has one run open, a batch sent again while the first is still stored counts once, a
 * cancel cannot undo half a publish, a zipcodes/ that is a link keeps what it points to, a KML file is
 * read as UTF-8 with nothing beside its root, and stored as read, and a bundle that would run PHP out of
 * memory while decoded is refused in words. Two requests are made to overlap by a stand-in plugin that
 * holds one where its run is in hand until the test lets it go.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, APIResponse } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { counties, writeGeojson } from '../../tools/zip-boundaries/test-helpers.ts';
import { commandSet, filesOf, scratchFolder } from './boundary-sets.ts';
import { phpString, readDebugLog } from './wordpress-server.ts';
import { describeWordPress, useWordPress } from './wordpress-suite.ts';

/**
 * Holds a request that carries X-Test-Hold (a folder) where the run is in hand: where a batch is about to
 * be stored (the bounds it reads for its first file) and where a publish records the set it put in place.
 * It writes `held` there and goes on once the test writes `release`. X-Test-Arrived names a file written
 * as a request starts.
 */
const HOLD_PLUGIN = `<?php
if ( isset( $_SERVER['HTTP_X_TEST_ARRIVED'] ) ) {
	touch( $_SERVER['HTTP_X_TEST_ARRIVED'] );
}
if ( isset( $_SERVER['HTTP_X_TEST_HOLD'] ) ) {
	$donation_widgets_test_hold = function ( $value ) {
		$folder = $_SERVER['HTTP_X_TEST_HOLD'];
		touch( $folder . '/held' );
		for ( $i = 0; $i < 600 && ! file_exists( $folder . '/release' ); $i++ ) {
			usleep( 50000 );
		}
		return $value;
	};
	add_filter( 'donation_widgets_boundary_limits', $donation_widgets_test_hold );
	add_filter( 'pre_update_option_donation_widgets_boundaries', $donation_widgets_test_hold );
}
`;

/** Waits for a file a PHP request writes. */
async function fileAppears(file: string) {
  await expect
    .poll(
      () =>
        readFile(file).then(
          () => true,
          () => false,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
}

describeWordPress('the boundary route under abuse', () => {
  const wp = useWordPress();
  /** Rhode Island's counties standing in for zips (440…), and Delaware's (100…): two sets. */
  let first: Record<string, string> = {};
  let second: Record<string, string> = {};
  let request: APIRequestContext;
  let nonce = '';
  let holds = '';
  const route = () => `${wp.site.url}/wp-json/donation-widgets/v1/boundaries`;
  const post = (data: object, headers: Record<string, string> = {}) =>
    request.post(route(), { headers: { 'X-WP-Nonce': nonce, ...headers }, data });
  const uploads = () => path.join(wp.site.root, 'wp-content/uploads');
  const holdPlugin = () => path.join(wp.site.root, 'wp-content/mu-plugins/boundary-hold.php');
  const whole = (set: Record<string, string>) =>
    Object.entries(set).map(([name, text]) => ({ name, text, at: 0, end: true }));
  const begin = async () => (await (await post({ action: 'begin' })).json()).run as string;
  const message = async (answer: APIResponse) => (await answer.json()).message as string;

  /** A folder for one hold's files. */
  const holdFolder = () => mkdtemp(path.join(holds, 'hold-'));

  /** Publishes `set` as the site's, without holds. */
  async function publish(set: Record<string, string>) {
    const run = await begin();
    expect((await post({ action: 'send', run, files: whole(set) })).status()).toBe(200);
    expect((await post({ action: 'finish', run, only: '' })).status()).toBe(200);
  }

  beforeAll(async () => {
    const scratch = await scratchFolder();
    try {
      first = await commandSet(await writeGeojson(scratch.dir, counties('44')));
      second = await commandSet(await writeGeojson(scratch.dir, counties('10'), 'delaware.geojson'));
    } finally {
      await scratch.remove();
    }
    holds = await mkdtemp(path.join(tmpdir(), 'boundary-holds-'));
    await writeFile(holdPlugin(), HOLD_PLUGIN);
    request = (await wp.context({ admin: true })).request;
    nonce = await (await request.get(`${wp.site.url}/wp-admin/admin-ajax.php?action=rest-nonce`)).text();
  }, 120_000);
  // The other files of the suite expect a site without a set made here.
  afterAll(async () => {
    await rm(holdPlugin(), { force: true });
    await rm(holds, { recursive: true, force: true });
    await wp.php('donation_widgets_load_boundaries(); donation_widgets_remove_boundaries();');
  });

  it('serves no piece of a file before it is whole and checked', async () => {
    const run = await begin();
    const piece = '<html><script>alert("piece")</script>';
    const sent = await post({
      action: 'send',
      run,
      files: [{ name: 'zip44001.kml', text: piece, at: 0, end: false }],
    });
    expect(sent.status()).toBe(200);
    const inUploads = await readdir(uploads(), { recursive: true });
    const holding = [];
    for (const name of inUploads.map(String)) {
      const text = await readFile(path.join(uploads(), name), 'utf8').catch(() => '');
      if (text.includes('alert("piece")')) holding.push(name);
    }
    expect(holding).toEqual([]);
    const staged = `${wp.site.url}/wp-content/uploads/zipcodes-staging-${run}`;
    expect(await (await fetch(`${staged}/zip44001.kml.part`)).text()).not.toContain('alert("piece")');
    // The staging folder denies itself where the server reads its rules (PHP's own server runs index.php).
    expect((await fetch(`${staged}/`)).status).toBe(403);
    expect((await post({ action: 'cancel', run })).status()).toBe(200);
  });

  it('keeps one run open on a site: a second begin takes the first one’s place', async () => {
    const earlier = await begin();
    const later = await begin();
    const late = await post({ action: 'send', run: earlier, files: whole(first) });
    expect(late.status()).toBe(410);
    expect(await message(late)).toMatch(
      /^This run of the boundary files is over: another, begun on .+, took its place/,
    );
    const staging = (await readdir(uploads())).filter((name) => name.startsWith('zipcodes-staging-'));
    expect(staging).toEqual([`zipcodes-staging-${later}`]);
    expect((await post({ action: 'cancel', run: later })).status()).toBe(200);
  });

  it('counts a batch sent again while the first is still being stored once', async () => {
    const run = await begin();
    const hold = await holdFolder();
    const held = post({ action: 'send', run, files: whole(first) }, { 'X-Test-Hold': hold });
    await fileAppears(path.join(hold, 'held'));
    // The same batch again, as after a proxy's timeout: stored beside the first, or told to wait.
    const again = await post({ action: 'send', run, files: whole(first) });
    await writeFile(path.join(hold, 'release'), '');
    expect((await held).status()).toBe(200);
    if (again.status() !== 200) {
      expect([again.status(), (await again.json()).code]).toEqual([409, 'donation_widgets_boundary_busy']);
      expect((await post({ action: 'send', run, files: whole(first) })).status()).toBe(200);
    }
    const finished = await post({ action: 'finish', run, only: '' });
    expect([finished.status(), (await finished.json()).message]).toEqual([200, undefined]);
    const recorded = JSON.parse(
      await wp.php("echo wp_json_encode( get_option( 'donation_widgets_boundaries' ) );"),
    );
    expect([recorded.files, recorded.bytes]).toEqual([
      Object.keys(first).length,
      Object.values(first).reduce((sum, text) => sum + Buffer.byteLength(text), 0),
    ]);
  });

  it('lets a cancel that comes during a publish leave the old set or the new one, never a mix', async () => {
    await publish(first);
    const run = await begin();
    expect((await post({ action: 'send', run, files: whole(second) })).status()).toBe(200);
    const hold = await holdFolder();
    const finishing = post({ action: 'finish', run, only: '' }, { 'X-Test-Hold': hold });
    await fileAppears(path.join(hold, 'held'));
    const arrived = path.join(hold, 'cancel-arrived');
    const cancelling = post({ action: 'cancel', run }, { 'X-Test-Arrived': arrived });
    await fileAppears(arrived);
    await writeFile(path.join(hold, 'release'), '');
    const [finished, cancelled] = await Promise.all([finishing, cancelling]);
    const served = await filesOf(path.join(uploads(), 'zipcodes'));
    // What the answers say is what the site serves.
    if (cancelled.status() === 200) {
      expect(finished.status()).not.toBe(200);
      expect(served).toEqual(first);
    } else {
      expect(finished.status()).toBe(200);
      expect(served).toEqual(second);
    }
    expect(cancelled.status()).toBe(410);
  });

  it('publishes nothing through a zipcodes/ that is a link, and keeps what it points to', async () => {
    const shared = path.join(wp.site.dir, 'shared-zipcodes');
    await mkdir(shared, { recursive: true });
    for (const [name, text] of Object.entries(first)) await writeFile(path.join(shared, name), text);
    await writeFile(path.join(shared, 'keep.txt'), 'another site’s');
    const live = path.join(uploads(), 'zipcodes');
    await rm(live, { recursive: true, force: true });
    await symlink(shared, live);
    try {
      const begun = await post({ action: 'begin' });
      let refused = begun;
      if (begun.status() === 200) {
        const run = (await begun.json()).run;
        expect((await post({ action: 'send', run, files: whole(second) })).status()).toBe(200);
        refused = await post({ action: 'finish', run, only: '' });
      }
      expect(refused.status()).toBe(409);
      expect(await message(refused)).toMatch(/^The uploads folder's zipcodes is a link\. /);
      expect(await filesOf(shared)).toEqual({ ...first, 'keep.txt': 'another site’s' });
    } finally {
      await rm(live, { recursive: true, force: true });
    }
  });

  it('reads a KML file as UTF-8, refusing another declared encoding in words, with nothing beside its root, and stores the tree it read', async () => {
    const kml = first['zip44001.kml'] ?? '';
    const body = kml.replace(/^<\?xml[^>]*\?>\n/, '');
    const utf16 = (text: string, bom: string, encoding: 'utf16le' | 'ucs2') =>
      Buffer.concat([Buffer.from(bom, 'binary'), Buffer.from(text, encoding)]);
    const swapped = (buffer: Buffer) => Buffer.from(buffer).swap16();
    const variants: Record<string, Buffer> = {
      'UTF-16 without a byte-order mark': utf16(kml.replace('UTF-8', 'UTF-16'), '', 'utf16le'),
      'UTF-16LE with its byte-order mark': utf16(kml.replace('UTF-8', 'UTF-16'), '\xff\xfe', 'utf16le'),
      'UTF-16BE with its byte-order mark': swapped(
        utf16(kml.replace('UTF-8', 'UTF-16'), '\xfe\xff', 'utf16le'),
      ),
      'a processing instruction before the root': Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?>\n<?xml-stylesheet type="text/xsl" href="https://evil.example/x.xsl"?>\n${body}`,
      ),
      'a comment after the root': Buffer.from(`${kml}<!-- <script>alert(1)</script> -->\n`),
      'a Latin-1 declaration': Buffer.from(kml.replace('UTF-8', 'ISO-8859-1')),
      'a UTF-7 declaration': Buffer.from(kml.replace('UTF-8', 'UTF-7')),
      'a lower-case utf8 declaration': Buffer.from(kml.replace('UTF-8', 'utf8')),
      'single quotes and no declaration': Buffer.from(body.replace('name="zipcode"', "name='zipcode'")),
    };
    const read = JSON.parse(
      await wp.php(`
        donation_widgets_load_boundaries();
        $read = array();
        foreach ( json_decode( ${phpString(JSON.stringify(Object.fromEntries(Object.entries(variants).map(([what, bytes]) => [what, bytes.toString('base64')]))))}, true ) as $what => $bytes ) {
          $checked = donation_widgets_check_boundary( 'zip44001.kml', base64_decode( $bytes ) );
          $read[ $what ] = is_wp_error( $checked ) ? $checked->get_error_message() : $checked;
        }
        echo wp_json_encode( $read );
      `),
    );
    const beside = 'zip44001.kml: it holds something beside its kml element';
    expect(read).toEqual({
      'UTF-16 without a byte-order mark': 'zip44001.kml: it is not UTF-8 text.',
      'UTF-16LE with its byte-order mark': 'zip44001.kml: it is not UTF-8 text.',
      'UTF-16BE with its byte-order mark': 'zip44001.kml: it is not UTF-8 text.',
      'a processing instruction before the root': expect.stringContaining(beside),
      'a comment after the root': expect.stringContaining(beside),
      'a Latin-1 declaration': 'zip44001.kml: it declares the encoding ISO-8859-1; a boundary file is UTF-8.',
      'a UTF-7 declaration': 'zip44001.kml: it declares the encoding UTF-7; a boundary file is UTF-8.',
      // libxml reads this name as UTF-8 itself; what is stored declares it as libxml read it.
      'a lower-case utf8 declaration': kml.replace('UTF-8', 'utf8'),
      // What the check read, written out again: in double quotes, as the tool writes it.
      'single quotes and no declaration': kml.replace('encoding="UTF-8"', '').replace(' ?>', '?>'),
    });
  });

  it('refuses in words a bundle within its bytes whose decoding would take more memory than PHP may still take', async () => {
    const read = JSON.parse(
      await wp.php(`
        donation_widgets_load_boundaries();
        ini_set( 'memory_limit', '128M' );
        // About 6 MB of arcs: some 190 MB once decoded.
        $arc   = '[' . implode( ',', array_fill( 0, 30, '[12,-3]' ) ) . ']';
        $dense = '{"type":"Topology","arcs":[' . str_repeat( $arc . ',', 26000 ) . '[[0,0],[1,1]]],"objects":{"zips":{"type":"GeometryCollection","geometries":[{"type":"Polygon","arcs":[[0]],"properties":{"zip":"44001"}}]}}}';
        $read  = array( 'bytes' => strlen( $dense ) );
        foreach ( array( 'dense' => $dense, 'made' => ${phpString(first['zips440.json'] ?? '')} ) as $what => $bundle ) {
          $checked = donation_widgets_check_boundary( 'zips440.json', $bundle );
          $read[ $what ] = is_wp_error( $checked ) ? array( $checked->get_error_message(), $checked->get_error_data()['status'] ) : 'taken';
        }
        echo wp_json_encode( $read );
      `),
    );
    expect(read.bytes).toBeLessThan(8 * 1024 * 1024);
    expect(read.dense[0]).toMatch(
      /^zips440\.json: checking it would take up to \d+ MB of memory, more than the \d+ MB PHP may still take on this server \(its memory_limit\)\. Make the set again with a larger --tolerance, or raise memory_limit\.$/,
    );
    expect(read.dense[1]).toBe(413);
    expect(read.made).toBe('taken');
  });

  it('leaves no PHP notice, warning or error of the plugin in debug.log', async () => {
    const ours = (await readDebugLog(wp.site)).filter((line) => line.includes('plugins/donation-widgets/'));
    expect(ours).toEqual([]);
  });
});
