/**
 * What a Contributor or an Author writes with the shortcode and the blocks stays data in every browser that
 * shows it: saved through the REST API with cookie and nonce, as the block editor saves (kses on), then
 * looked at by an Admin (preview and published page) and by a visitor. Nothing may run, and no element
 * may carry an event handler or a script URL. The content is generated from the island manifest and the
 * plugin's templates (hostile-content.ts).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { logIn } from './admin.ts';
import { FLAG, hostileBlocks, hostileShortcodes } from './hostile-content.ts';
import { phpString } from './wordpress-server.ts';
import { describeWordPress, useWordPress } from './wordpress-suite.ts';

const ROLES = [
  // A Contributor cannot publish: the post waits for review, and the Admin previews it first.
  { role: 'contributor', status: 'pending' },
  { role: 'author', status: 'publish' },
] as const;
const SYNTAXES = [
  { syntax: 'shortcodes', content: hostileShortcodes },
  { syntax: 'blocks', content: hostileBlocks },
] as const;
const PASSWORD = 'hostile-roles-password-123';
/** Attributes whose value a browser follows or loads as an address, the islands' own included. */
const URL_ATTRIBUTES = [
  'href',
  'src',
  'srcset',
  'action',
  'formaction',
  'poster',
  'background',
  'cite',
  'data',
  'ping',
  'xlink:href',
  'data-lazy-background',
];

/** Logs `role`'s user in and resolves with the REST nonce the block editor would send. */
async function logInAs(context: BrowserContext, url: string, role: string) {
  await logIn(context, url, { user: `hostile-${role}`, password: PASSWORD });
  return (await context.request.get(`${url}/wp-admin/admin-ajax.php?action=rest-nonce`)).text();
}

/** Logs `role`'s user in and saves a post with `content` through the REST API, as the editor does. */
async function saveAs(context: BrowserContext, url: string, role: string, status: string, content: string) {
  const nonce = await logInAs(context, url, role);
  const response = await context.request.post(`${url}/?rest_route=/wp/v2/posts`, {
    headers: { 'X-WP-Nonce': nonce },
    data: { title: `Hostile ${role}`, content, status },
  });
  const post = await response.json();
  if (response.status() !== 201) throw new Error(`${role} could not save: ${JSON.stringify(post)}`);
  return post.id as number;
}

/**
 * Tries to run anything the page holds, the way a visitor's pointer and keyboard would (every element
 * pointed at and focused, and a real pointer moved over the page), then checks that nothing ran and that
 * no element carries an event handler attribute or a script URL. Returns the offending elements.
 */
async function attempts(page: Page) {
  await page.evaluate(() => {
    const kinds = {
      pointerover: PointerEvent,
      pointerenter: PointerEvent,
      mouseover: MouseEvent,
      mouseenter: MouseEvent,
      focusin: FocusEvent,
      focus: FocusEvent,
    };
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (element.closest('#wpadminbar')) continue;
      for (const [type, Kind] of Object.entries(kinds))
        element.dispatchEvent(new Kind(type, { bubbles: true }));
      element.focus?.();
    }
  });
  const { width, height } = page.viewportSize() ?? { width: 1280, height: 720 };
  for (let y = 10; y < height; y += 90) for (let x = 10; x < width; x += 160) await page.mouse.move(x, y);
  return page.evaluate(
    ([flag, addressed]) => {
      const addressAttributes = new Set<string>(addressed);
      // As a browser reads a URL: without the spaces, tabs, newlines and control characters around and in it.
      const plain = (value: string) =>
        Array.from(value)
          .filter((character) => character.charCodeAt(0) > 0x20)
          .join('')
          .toLowerCase();
      const scriptUrl = (value: string) => /^(javascript|data|vbscript):/.test(plain(value));
      // The URLs a style names, as the browser reads them (computed styles quote each one).
      const styleUrls = (style: string) =>
        Array.from(style.matchAll(/url\(\s*(["']?)((?:\\.|(?!\1).)*)\1\s*\)/g), (match) => match[2] ?? '');
      const offenders: string[] = [];
      for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
        if (element.closest('#wpadminbar')) continue;
        for (const { name, value } of element.attributes) {
          // Where a browser reads an address; elsewhere (an id, a class) such words are only text.
          const urls = name === 'style' ? styleUrls(value) : addressAttributes.has(name) ? [value] : [];
          if (name.startsWith('on') || urls.some(scriptUrl))
            offenders.push(`<${element.localName} ${name}="${value.slice(0, 80)}">`);
        }
        const background = getComputedStyle(element).backgroundImage;
        if (styleUrls(background).some(scriptUrl))
          offenders.push(`<${element.localName}> background ${background}`);
      }
      return { ran: (window as unknown as Record<string, unknown>)[flag] !== undefined, offenders };
    },
    [FLAG, URL_ATTRIBUTES] as const,
  );
}

describeWordPress('what Contributors and Authors write with the islands stays data', () => {
  const wp = useWordPress();
  const posts = new Map<string, number>();

  beforeAll(async () => {
    for (const { role } of ROLES)
      await wp.php(`
        if ( ! get_user_by( 'login', 'hostile-${role}' ) ) {
          wp_insert_user( array( 'user_login' => 'hostile-${role}', 'user_pass' => ${phpString(PASSWORD)},
            'user_email' => 'hostile-${role}@example.test', 'role' => '${role}' ) );
        }
      `);
    for (const { role, status } of ROLES)
      for (const { syntax, content } of SYNTAXES) {
        const context = await wp.context();
        posts.set(`${role} ${syntax}`, await saveAs(context, wp.site.url, role, status, content()));
        await context.close();
      }
  });

  for (const { role } of ROLES)
    it(`shows an ${role} the notes of their own post in the block editor's preview`, async () => {
      const context = await wp.context();
      const nonce = await logInAs(context, wp.site.url, role);
      const preview = (post: number) =>
        context.request
          .get(
            `${wp.site.url}/?rest_route=/wp/v2/block-renderer/donation-widgets/priority-alert&context=edit&post_id=${post}&attributes[ignoredAttributes]=colour`,
            { headers: { 'X-WP-Nonce': nonce } },
          )
          .then((response) => response.json());
      const own = posts.get(`${role} blocks`) ?? 0;
      expect((await preview(own)).rendered).toContain(
        'donation_widget: the island &quot;priority-alert&quot;: ignored colour',
      );
      await context.close();
    });

  for (const { role, status } of ROLES)
    for (const { syntax } of SYNTAXES)
      describe(`${syntax} saved by an ${role}`, () => {
        it('keeps the hostile values through kses, so the render is what stands in their way', async () => {
          const id = posts.get(`${role} ${syntax}`);
          const saved = await wp.php(`echo get_post( ${id} )->post_content;`);
          expect(saved).toContain('%%content%%');
          expect(saved).toContain('javascript:');
          expect(await wp.php(`echo get_post_status( ${id} );`)).toBe(status);
        });

        it("runs nothing in an Admin's preview, which shows the editors' notes", async () => {
          const { page, context } = await wp.open(`/?p=${posts.get(`${role} ${syntax}`)}&preview=true`, {
            admin: true,
          });
          expect(await page.locator('.donation-widgets-notice').count()).toBeGreaterThan(0);
          expect(await attempts(page)).toEqual({ ran: false, offenders: [] });
          await context.close();
        });

        it('runs nothing on the published page, for the Admin or a visitor, and tells the visitor no notes', async () => {
          const id = posts.get(`${role} ${syntax}`);
          // As an Admin publishes it from the editor (wp_publish_post would leave a pending post without
          // its slug on older releases, and its address would lead to a date archive).
          await wp.php(`
            wp_set_current_user( get_user_by( 'login', 'admin' )->ID );
            wp_update_post( array( 'ID' => ${id}, 'post_status' => 'publish' ) );
          `);
          for (const admin of [true, false]) {
            const { page, context } = await wp.open(`/?p=${id}`, { admin });
            await page.locator('[data-island="priority-alert"]').first().waitFor({ state: 'attached' });
            expect(await attempts(page)).toEqual({ ran: false, offenders: [] });
            if (!admin) {
              expect(await page.locator('.donation-widgets-notice').count()).toBe(0);
              // Not even as a comment: a visitor's page, and a cache's copy of it, holds no notes.
              expect(await page.content()).not.toContain('donation_widget:');
            }
            await context.close();
          }
        });
      });
});
