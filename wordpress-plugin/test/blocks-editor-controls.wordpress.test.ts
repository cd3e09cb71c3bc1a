/**
 * The blocks with the editor's own controls and ways in: full width, anchor and CSS class on the page;
 * a pasted shortcode or a Shortcode block becoming the block; the inserter's previews; the editor in
 * French; the route's limits and an on-off setting in the sidebar.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { ISLANDS } from '../../widgets/islands.js';
import { canvas, insertBlock, publish, useBlockEditor } from './block-editor.ts';
import { moFile } from './mo-file.ts';
import { describeWordPress, useWordPress } from './wordpress-suite.ts';

const LABELS = ISLANDS.filter(({ host }) => 'selector' in host).map(({ label }) => label);
const SHORTCODE = '[donation_widget island="donors-search" radius="30" radius-options="15,30,45"]';
const LANGUAGES = "WP_PLUGIN_DIR . '/donation-widgets/languages/'";
// How WordPress names a script's JSON translations: after the md5 of its path in the plugin.
const EDITOR_JSON = `donation-widgets-fr_FR-${createHash('md5').update('dist/editor/blocks.js').digest('hex')}.json`;

interface Editor {
  wp: {
    data: { select(store: string): { getBlocks(): { name: string; attributes: Record<string, unknown> }[] } };
  };
}
const blocksOf = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as Editor).wp.data
      .select('core/block-editor')
      .getBlocks()
      .map(({ name, attributes }) => ({ name, attributes })),
  );

describeWordPress('the blocks with the editor’s own controls', () => {
  const wp = useWordPress();
  const editor = useBlockEditor(wp);
  const { newPage } = editor;

  it('turns a pasted donation_widget shortcode into the block with its settings', async (ctx) => {
    if (!editor.iframed) ctx.skip();
    const { page } = await newPage();
    await page.evaluate(() => {
      const { wp: editor } = window as unknown as {
        wp: {
          data: { dispatch(s: string): { insertBlock(b: unknown): void } };
          blocks: { createBlock(n: string): unknown };
        };
      };
      editor.data.dispatch('core/block-editor').insertBlock(editor.blocks.createBlock('core/paragraph'));
    });
    const paragraph = canvas(page).locator('[data-type="core/paragraph"]').first();
    await paragraph.click();
    await paragraph.evaluate((element, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, SHORTCODE);
    await expect
      .poll(() => blocksOf(page))
      .toEqual([
        {
          name: 'donation-widgets/donors-search',
          attributes: { radius: '30', 'radius-options': '15,30,45' },
        },
      ]);
    const preview = canvas(page).locator('.wp-block-donation-widgets-donors-search');
    await expect
      .poll(() => preview.getByLabel('Within').locator('option').allInnerTexts())
      .toEqual(['15 miles', '30 miles', '45 miles']);
  });

  it('offers a Shortcode block holding the shortcode a Transform into the block', async (ctx) => {
    if (!editor.iframed) ctx.skip();
    const { page } = await newPage();
    await page.evaluate((text) => {
      const { wp: editor } = window as unknown as {
        wp: {
          data: { dispatch(s: string): { insertBlock(b: unknown): void } };
          blocks: { createBlock(n: string, a: object): unknown };
        };
      };
      editor.data.dispatch('core/block-editor').insertBlock(
        editor.blocks.createBlock('core/shortcode', {
          text: text.replace('radius=', 'days_options="30,60" radius='),
        }),
      );
    }, SHORTCODE);
    await canvas(page).locator('[data-type="core/shortcode"]').first().click();
    await page
      .getByRole('toolbar', { name: 'Block tools' })
      .getByRole('button', { name: 'Shortcode' })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Donors in your area' }).click();
    await expect
      .poll(() => blocksOf(page))
      .toEqual([
        {
          name: 'donation-widgets/donors-search',
          attributes: { radius: '30', 'radius-options': '15,30,45', 'days-options': '30,60' },
        },
      ]);
  });

  it('previews every block in the inserter', async (ctx) => {
    if (!editor.iframed) ctx.skip();
    const { page } = await newPage();
    await page.getByRole('button', { name: 'Block Inserter', exact: true }).click();
    await page.getByRole('searchbox', { name: /Search/ }).fill('donation');
    for (const label of LABELS) {
      await page
        .getByRole('listbox', { name: 'Blocks' })
        .getByRole('option')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .hover();
      const preview = page.locator('.block-editor-inserter__preview-container');
      await expect.poll(() => preview.locator('.block-editor-inserter__preview-content').count()).toBe(1);
      expect(await preview.innerText()).toContain(label);
      expect(await preview.locator('.block-editor-inserter__preview-content-missing').count()).toBe(0);
    }
  });

  it('sets the lazy background full width, with an anchor and a CSS class, and the page shows all three', async (ctx) => {
    if (!editor.iframed) ctx.skip();
    const { page } = await newPage();
    await insertBlock(page, 'donation', 'Lazy backgrounds');
    await page.getByRole('toolbar', { name: 'Block tools' }).getByRole('button', { name: 'Align' }).click();
    await page.getByRole('menuitemradio', { name: /Full width/ }).click();
    const sidebar = page.getByRole('region', { name: 'Editor settings' });
    const advanced = sidebar.getByRole('button', { name: 'Advanced' });
    if ((await advanced.getAttribute('aria-expanded')) !== 'true') await advanced.click();
    await sidebar.getByLabel('HTML anchor').fill('truck-band');
    await sidebar.getByLabel('Additional CSS class(es)').fill('our-band');
    // The editor's preview wrapper is the page's: the same element carries the class and the alignment.
    const band = canvas(page).locator('.wp-block-donation-widgets-lazy-background');
    await expect
      .poll(() => band.getAttribute('class'))
      .toMatch(/\balignfull\b.*\bour-band\b|\bour-band\b.*\balignfull\b/);

    const visitor = await wp.open(new URL(await publish(page)).pathname);
    const section = visitor.page.locator('[data-lazy-background]');
    expect(await section.getAttribute('id')).toBe('truck-band');
    const classes = (await section.getAttribute('class'))?.split(/\s+/) ?? [];
    expect(classes).toEqual(
      expect.arrayContaining(['wp-block-donation-widgets-lazy-background', 'alignfull', 'our-band']),
    );
    // No wrapper of its own around the island's host.
    expect(await visitor.page.locator('.wp-block-donation-widgets-lazy-background').count()).toBe(1);
    // Full width: as wide as the page.
    expect(
      await section.evaluate((e) => e.getBoundingClientRect().width - document.documentElement.clientWidth),
    ).toBe(0);
  });

  it('refuses 180 days in the sidebar with a note that says why', async (ctx) => {
    if (!editor.iframed) ctx.skip();
    const { page } = await newPage();
    await insertBlock(page, 'donation', 'Donors in your area');
    const sidebar = page.getByRole('region', { name: 'Editor settings' });
    const field = sidebar.getByLabel('Day choices');
    await field.fill('30,90,180');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => sidebar.getByText(/180 is more than 99/).count()).toBe(1);
    expect(await sidebar.getByText(/180 is more than 99/).innerText()).toContain(
      'the donations search takes 1 to 99',
    );
  });

  it('turns "Use my location" off with a toggle in the sidebar, and the preview prints it off', async (ctx) => {
    if (!editor.iframed) ctx.skip();
    const { page } = await newPage();
    await insertBlock(page, 'donation', 'Donors in your area');
    const sidebar = page.getByRole('region', { name: 'Editor settings' });
    const toggle = sidebar.getByRole('checkbox', { name: '"Use my location" button' });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    expect(await toggle.isChecked()).toBe(false);
    await expect
      .poll(() => blocksOf(page))
      .toEqual([{ name: 'donation-widgets/donors-search', attributes: { locate: 'off' } }]);
    await expect
      .poll(() => canvas(page).locator('[data-island="donors-search"]').getAttribute('data-locate'))
      .toBe('off');
  });

  it('puts the block titles and the editor script’s strings in the .pot the zip ships', async () => {
    const pot = await readFile(
      path.join(wp.site.root, 'wp-content/plugins/donation-widgets/languages/donation-widgets.pot'),
      'utf8',
    );
    // As register_block_type() translates block.json, and as `wp i18n make-json` names the script's JSON.
    for (const { name, label } of ISLANDS.filter(({ host }) => 'selector' in host))
      expect(pot).toContain(`#: blocks/${name}/block.json\nmsgctxt "block title"\nmsgid "${label}"`);
    expect(pot).toContain('#: dist/editor/blocks.js\nmsgid "Choose from the Media Library"');
    expect(pot).toMatch(/#: dist\/editor\/blocks\.js\nmsgid "Radius choices \(miles\)"/);
  });

  it('shows a block title and a sidebar label in French, from the .mo and the editor script’s JSON', async (ctx) => {
    if (!editor.iframed) ctx.skip();
    const mo = moFile({ 'block title\u0004Donors in your area': 'Donateurs près de chez vous' });
    const json = JSON.stringify({
      domain: 'donation-widgets',
      locale_data: {
        'donation-widgets': {
          '': { domain: 'donation-widgets', lang: 'fr_FR', 'plural-forms': 'nplurals=2; plural=(n > 1);' },
          'Radius choices (miles)': ['Rayons proposés (milles)'],
        },
      },
    });
    ctx.onTestFinished(async () => {
      await wp.php(`delete_user_meta( 1, 'locale' );
        wp_delete_file( ${LANGUAGES} . 'donation-widgets-fr_FR.mo' ); wp_delete_file( ${LANGUAGES} . '${EDITOR_JSON}' );`);
    });
    await wp.php(`update_user_meta( 1, 'locale', 'fr_FR' );
      file_put_contents( ${LANGUAGES} . 'donation-widgets-fr_FR.mo', base64_decode( '${mo.toString('base64')}' ) );
      file_put_contents( ${LANGUAGES} . '${EDITOR_JSON}', ${JSON.stringify(json)} );`);
    const { page } = await newPage();
    await insertBlock(page, 'donation', 'Donateurs près de chez vous');
    await page
      .getByRole('region', { name: /Editor settings|Réglages/ })
      .getByLabel('Rayons proposés (milles)')
      .waitFor();
  });
});
