/**
 * The boundary route as a hostile page would use it, with an admin's cookie and nonce: names that are
 * not a boundary file's, a path out of the folder, files that lie about their content, a file too big,
 * pieces out of order, a set that is not whole. Each is refused with a message naming the file, the run
 * ends, and nothing is written outside the run's own folder, which goes. An Editor, a visitor, and an
 * admin's cookie without the nonce get nothing at all.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { counties, writeGeojson } from '../../tools/zip-boundaries/test-helpers.ts';
import { logIn } from './admin.ts';
import { commandSet, filesOf, scratchFolder } from './boundary-sets.ts';
import { phpString, readDebugLog } from './wordpress-server.ts';
import { describeWordPress, useWordPress } from './wordpress-suite.ts';

const EDITOR = { user: 'boundary-editor', password: 'boundary-editor-password-123' };

describeWordPress(
  'the boundary route refuses what the tool would never send, and anyone but an admin',
  () => {
    const wp = useWordPress();
    /** A small true set: Rhode Island's counties standing in for zips (440…). */
    let set: Record<string, string> = {};
    let request: APIRequestContext;
    let nonce = '';
    const route = () => `${wp.site.url}/wp-json/donation-widgets/v1/boundaries`;
    const post = (data: object, headers: Record<string, string> = { 'X-WP-Nonce': nonce }) =>
      request.post(route(), { headers, data });
    const uploads = () => path.join(wp.site.root, 'wp-content/uploads');

    /** Every file under the uploads folder, as paths inside it. */
    async function allUploads(): Promise<string[]> {
      const found = await readdir(uploads(), { recursive: true }).catch(() => [] as string[]);
      return found.map(String).sort();
    }

    beforeAll(async () => {
      const scratch = await scratchFolder();
      try {
        set = await commandSet(await writeGeojson(scratch.dir, counties('44')));
      } finally {
        await scratch.remove();
      }
      const context = await wp.context({ admin: true });
      request = context.request;
      nonce = await (await request.get(`${wp.site.url}/wp-admin/admin-ajax.php?action=rest-nonce`)).text();
      await wp.php(`
      if ( ! get_user_by( 'login', '${EDITOR.user}' ) ) {
        wp_insert_user( array( 'user_login' => '${EDITOR.user}', 'user_pass' => ${phpString(EDITOR.password)},
          'user_email' => 'boundary-editor@example.test', 'role' => 'editor' ) );
      }
    `);
    });
    // The other files of the suite expect a site without a set made here.
    afterAll(async () => {
      await wp.php('donation_widgets_load_boundaries(); donation_widgets_remove_boundaries();');
    });

    /** Begins a run, sends `files` in one batch, and returns the answer and the run. */
    async function sendAlone(files: object[]) {
      const begun = await post({ action: 'begin' });
      expect(begun.status()).toBe(200);
      const { run } = await begun.json();
      const answer = await post({ action: 'send', run, files });
      return { run, status: answer.status(), message: (await answer.json()).message as string };
    }

    const whole = (name: string, text: string) => ({ name, text, at: 0, end: true });
    const kml = () => set['zip44001.kml'] ?? '';

    it.each([
      [
        'a .php name',
        () => whole('evil.php', '<?php echo "pwned";'),
        400,
        'evil.php: not a name the boundary files have',
      ],
      [
        'a path out of the folder',
        () => whole('../zip44001.kml', kml()),
        400,
        '../zip44001.kml: not a name the boundary files have',
      ],
      [
        'a second extension',
        () => whole('zip44001.kml.php', kml()),
        400,
        'zip44001.kml.php: not a name the boundary files have',
      ],
      [
        'an .htaccess',
        () => whole('.htaccess', 'AddHandler php-script .kml'),
        400,
        '.htaccess: not a name the boundary files have',
      ],
      [
        'HTML named as KML',
        () => whole('zip44001.kml', '<html><script>alert(1)</script></html>'),
        400,
        'zip44001.kml: it is not KML',
      ],
      ['an empty KML file', () => whole('zip44001.kml', ''), 400, 'zip44001.kml: it is not XML'],
      [
        'another zip’s outline',
        () => whole('zip44003.kml', kml()),
        400,
        'zip44003.kml: it does not hold one Placemark named 44003',
      ],
      [
        'a script inside the KML',
        () =>
          whole(
            'zip44001.kml',
            kml().replace('<name>', '<name><script xmlns="http://www.w3.org/1999/xhtml">alert(1)</script>'),
          ),
        400,
        'zip44001.kml: it holds script inside name',
      ],
      [
        'an external entity',
        () =>
          whole(
            'zip44001.kml',
            kml().replace('<kml', '<!DOCTYPE kml [<!ENTITY x SYSTEM "file:///etc/passwd">]><kml'),
          ),
        400,
        'zip44001.kml: it declares a document type',
      ],
      [
        'a bundle of other objects',
        () => whole('zips440.json', '{"type":"Topology","arcs":[],"objects":{"evil":{}}}'),
        400,
        'zips440.json: it is not a TopoJSON bundle',
      ],
      [
        'a bundle holding another area’s zip',
        () => whole('zips440.json', (set['zips440.json'] ?? '').replace('"44001"', '"99999"')),
        400,
        'zips440.json: the zip 99999 is twice in the bundle, or not of its areas',
      ],
      [
        'PHP named as the index',
        () => whole('zips.json', '<?php phpinfo();'),
        400,
        'zips.json: it is not the index of zip boundary bundles',
      ],
      [
        'a file over its bound',
        () => whole('zip44001.kml', `${kml()}${' '.repeat(2 * 1024 * 1024)}`),
        413,
        'zip44001.kml: larger than the 2 MB a file of its kind may be',
      ],
      [
        'a piece out of order',
        () => ({ name: 'zip44001.kml', text: kml().slice(10), at: 10, end: true }),
        400,
        'zip44001.kml: sent twice, or its pieces out of order',
      ],
    ])(
      'refuses %s, naming the file, ends the run and writes nothing',
      async (_what, file, status, message) => {
        const before = await allUploads();
        const answer = await sendAlone([file()]);
        expect(answer.status).toBe(status);
        expect(answer.message).toContain(message);
        // The run is over, and left nothing behind.
        const again = await post({ action: 'send', run: answer.run, files: [whole('zip44001.kml', kml())] });
        expect(again.status()).toBe(410);
        expect(await allUploads()).toEqual(before);
      },
    );

    it('publishes only a whole set: the index and every bundle it names, no piece left unfinished', async () => {
      const cases: [Record<string, string>, string][] = [
        [{ 'zip44001.kml': kml() }, 'zips.json: missing: the set has no index.'],
        [
          { 'zips.json': set['zips.json'] ?? '', 'zip44001.kml': kml() },
          'zips440.json: missing: the index names it.',
        ],
      ];
      for (const [files, message] of cases) {
        const before = await allUploads();
        const { run, status } = await sendAlone(
          Object.entries(files).map(([name, text]) => whole(name, text)),
        );
        expect(status).toBe(200);
        const finished = await post({ action: 'finish', run, only: '' });
        expect(finished.status()).toBe(400);
        expect((await finished.json()).message).toBe(message);
        expect(await allUploads()).toEqual(before);
      }
      // A file of which only a first piece came.
      const begun = await (await post({ action: 'begin' })).json();
      const pieces = Object.entries(set)
        .filter(([name]) => name !== 'zip44003.kml')
        .map(([name, text]) => whole(name, text));
      pieces.push({
        name: 'zip44003.kml',
        text: (set['zip44003.kml'] ?? '').slice(0, 20),
        at: 0,
        end: false,
      });
      expect((await post({ action: 'send', run: begun.run, files: pieces })).status()).toBe(200);
      const finished = await post({ action: 'finish', run: begun.run, only: '' });
      expect((await finished.json()).message).toBe('zip44003.kml: sent in part only.');
    });

    it('publishes the true set it is sent, and takes a batch sent again as received', async () => {
      const begun = await (await post({ action: 'begin' })).json();
      const files = Object.entries(set).map(([name, text]) => whole(name, text));
      for (let i = 0; i < 2; i++)
        expect((await post({ action: 'send', run: begun.run, files })).status()).toBe(200);
      const finished = await post({ action: 'finish', run: begun.run, only: '44' });
      expect(finished.status()).toBe(200);
      expect((await finished.json()).status[0]).toMatch(
        /^The site serves outlines for 5 zips \(zip area 440\), made from 44 on /,
      );
      expect(await filesOf(path.join(uploads(), 'zipcodes'))).toEqual(set);
    });

    it('bounds the files of a set (the donation_widgets_boundary_limits filter)', async () => {
      const answer = JSON.parse(
        await wp.php(`
        donation_widgets_load_boundaries();
        add_filter( 'donation_widgets_boundary_limits', function ( $limits ) { $limits['files'] = 2; return $limits; } );
        $run = donation_widgets_begin_boundaries();
        $files = json_decode( ${phpString(JSON.stringify(Object.entries(set).map(([name, text]) => whole(name, text))))}, true );
        $sent = donation_widgets_receive_boundaries( $run, $files );
        echo wp_json_encode( is_wp_error( $sent ) ? array( $sent->get_error_message(), $sent->get_error_data()['status'] ) : $sent );
      `),
      );
      expect(answer).toEqual([
        expect.stringMatching(/^zip\d{5}\.kml: one file more than the 2 a set may have\.$/),
        413,
      ]);
    });

    it('answers an Editor, a visitor and an admin without the nonce with nothing', async () => {
      const before = await allUploads();
      const editor = await wp.context();
      await logIn(editor, wp.site.url, EDITOR);
      const editorNonce = await (
        await editor.request.get(`${wp.site.url}/wp-admin/admin-ajax.php?action=rest-nonce`)
      ).text();
      const visitor = await wp.context();
      const tries = [
        { who: 'editor', as: editor.request, headers: { 'X-WP-Nonce': editorNonce }, status: 403 },
        { who: 'visitor', as: visitor.request, headers: {}, status: 401 },
        { who: 'admin without nonce', as: request, headers: {}, status: 401 },
      ];
      for (const { who, as, headers, status } of tries) {
        const get = await as.get(route(), { headers });
        expect([who, get.status()]).toEqual([who, status]);
        expect(await get.text()).not.toContain('limits');
        for (const data of [{ action: 'begin' }, { action: 'cancel', run: 'a'.repeat(24) }]) {
          const answer = await as.post(route(), { headers, data });
          expect([who, data.action, answer.status()]).toEqual([who, data.action, status]);
        }
      }
      expect(await allUploads()).toEqual(before);
    });

    it('leaves no PHP notice, warning or error of the plugin in debug.log', async () => {
      const ours = (await readDebugLog(wp.site)).filter((line) => line.includes('plugins/donation-widgets/'));
      expect(ours).toEqual([]);
    });
  },
);
