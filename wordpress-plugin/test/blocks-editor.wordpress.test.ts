import { expect, it } from 'vitest';
import { ISLANDS } from '../../widgets/islands.js';
import {
  canvas,
  editorReady,
  insertBlock,
  inserterResults,
  publish,
  saveTemplate,
  useBlockEditor,
} from './block-editor.ts';
import { editorNotes, openPriorityNote } from './islands-at-work.ts';
import { describeWordPress, pageWith, useWordPress } from './wordpress-suite.ts';

// A small PNG in the Media Library, as an admin would have uploaded it; prints its URL.
const IMAGE_PHP = `
  $upload = wp_upload_bits( 'donation-truck.png', null, base64_decode( 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==' ) );
  $id = wp_insert_attachment( array( 'post_title' => 'donation-truck', 'post_mime_type' => 'image/png', 'post_status' => 'inherit' ), $upload['file'] );
  echo wp_get_attachment_url( $id );
`;

const LABELS = ISLANDS.filter(({ host }) => 'selector' in host).map(({ label }) => label);

describeWordPress('the blocks in the block editor', () => {
  const wp = useWordPress();
  // The editor as an admin meets it since 6.3 (its canvas in an iframe); older editors get the
  // "blocks rendered" checks of blocks.wordpress.test.ts.
  const editor = useBlockEditor(wp);
  const { newPage } = editor;

  it('finds every island by typing "donation", and the donors search set in the sidebar works on the published page', async (ctx) => {
    if (!editor.iframed) ctx.skip();
    const { page } = await newPage();
    expect((await inserterResults(page, 'donation')).sort()).toEqual([...LABELS].sort());

    await insertBlock(page, 'donation', 'Donors in your area');
    // The preview draws the form from the block's settings.
    const preview = canvas(page).locator('.wp-block-donation-widgets-donors-search');
    await expect
      .poll(() => preview.getByLabel('Within').locator('option').allInnerTexts())
      .toEqual(['15 miles', '30 miles', '45 miles', '60 miles']);
    const sidebar = page.getByRole('region', { name: 'Editor settings' });
    await sidebar.getByLabel('Radius choices (miles)').fill('5,10,20');
    await sidebar.getByLabel('Radius at first').selectOption('10');
    await sidebar.getByLabel('Zip code at first').fill('10001');
    await expect
      .poll(() => preview.getByLabel('Within').locator('option').allInnerTexts())
      .toEqual(['5 miles', '10 miles', '20 miles']);
    await expect.poll(() => preview.getByLabel('Within').inputValue()).toBe('10');

    const permalink = await publish(page);
    const visitor = await wp.open(new URL(permalink).pathname);
    const within = visitor.page.getByLabel('Within');
    await within.waitFor();
    expect(await within.locator('option').allInnerTexts()).toEqual(['5 miles', '10 miles', '20 miles']);
    expect(await within.inputValue()).toBe('10');
    expect(await visitor.page.getByLabel('Zip code').inputValue()).toBe('10001');
    await visitor.page.getByRole('button', { name: 'Search' }).click();
    await visitor.page.locator('.alert-donors').waitFor({ state: 'visible' });
    expect(visitor.requests).toContain(`${wp.site.url}/wp-json/donations/v1/search/10001/10/30?_locale=user`);
    expect(await visitor.page.locator('#donors-in-your-area-table tbody tr').count()).toBeGreaterThan(0);
    expect(visitor.pageErrors).toEqual([]);
  });

  it('sets the other islands in the sidebar, the lazy background from the Media Library with blocks on it', async (ctx) => {
    if (!editor.iframed) ctx.skip();
    const imageUrl = await wp.php(IMAGE_PHP);
    const { page } = await newPage();
    const sidebar = page.getByRole('region', { name: 'Editor settings' });

    await insertBlock(page, 'donation', 'Screening questions');
    // The server's render is the preview: the form as visitors get it.
    await canvas(page).getByRole('heading', { name: 'Before we schedule your pick-up' }).waitFor();
    await sidebar.getByLabel('Send the answers to').fill('/thank-you/');

    await insertBlock(page, 'donation', 'Priority alert');
    await canvas(page).getByText('Priority pick-ups this week.').waitFor();

    await insertBlock(page, 'donation', 'Lazy backgrounds');
    await sidebar.getByRole('button', { name: 'Choose from the Media Library' }).click();
    const library = page.getByRole('dialog', { name: 'Select or Upload Media' });
    await library.getByRole('tab', { name: 'Media Library' }).click();
    await library.getByRole('checkbox', { name: 'donation-truck' }).click();
    await library.getByRole('button', { name: 'Select', exact: true }).click();
    await expect.poll(() => sidebar.getByLabel('Background image').inputValue()).toBe(imageUrl);
    const band = canvas(page).locator('.wp-block-donation-widgets-lazy-background');
    await expect
      .poll(() => band.evaluate((e) => getComputedStyle(e).backgroundImage))
      .toContain('donation-truck');
    await band.locator('p').first().click();
    await page.keyboard.type('Our own text');

    const visitor = await wp.open(new URL(await publish(page)).pathname);
    expect(await visitor.page.locator('form[name="screening-questions"]').getAttribute('action')).toBe(
      '/thank-you/',
    );
    await openPriorityNote(visitor.page);
    const section = visitor.page.locator('[data-lazy-background]');
    expect(await section.getAttribute('data-lazy-background')).toBe(imageUrl);
    expect(await section.innerText()).toBe('Our own text');
    await expect
      .poll(() => section.evaluate((e) => getComputedStyle(e).backgroundImage))
      .toContain('donation-truck');
    expect(visitor.pageErrors).toEqual([]);
  }, 120_000);

  it('shows a mistake in the editor: an empty choice list and a starting choice not among the choices', async (ctx) => {
    if (!editor.iframed) ctx.skip();
    const { page } = await newPage();
    await insertBlock(page, 'donation', 'Donors in your area');
    const sidebar = page.getByRole('region', { name: 'Editor settings' });
    const preview = canvas(page).locator('.wp-block-donation-widgets-donors-search');
    await sidebar.getByLabel('Radius choices (miles)').fill('');
    await expect
      .poll(() => editorNotes(preview))
      .toEqual([
        'donation_widget: the island "donors-search": radius-options "" is empty; it needs at least one choice.',
      ]);
    await sidebar.getByLabel('Radius choices (miles)').fill('5,10');
    await expect.poll(() => preview.locator('.donation-widgets-notice').count()).toBe(0);
    await sidebar.getByLabel('Radius at first').selectOption('10');
    await sidebar.getByLabel('Radius choices (miles)').fill('5,20');
    // The starting radius set before is no longer a choice: the sidebar marks it and the preview says so.
    expect(await sidebar.getByLabel('Radius at first').locator('option:checked').innerText()).toBe(
      '10 (not one of the choices)',
    );
    await expect
      .poll(() => editorNotes(preview))
      .toEqual([
        'donation_widget: the island "donors-search": radius "10" is not one of the choices: 5, 20.',
      ]);
    await sidebar.getByLabel('Radius at first').selectOption('20');
    await expect.poll(() => preview.locator('.donation-widgets-notice').count()).toBe(0);
  });

  it('names, in the editor, an attribute of a saved block that its island does not take', async (ctx) => {
    if (!editor.iframed) ctx.skip();
    const id = await wp.php(`
      echo wp_insert_post( wp_slash( array( 'post_type' => 'page', 'post_status' => 'publish',
        'post_title' => 'Hand-edited block',
        'post_content' => '<!-- wp:donation-widgets/donors-search {"colour":"red","radius":"30"} /-->' ) ) );
    `);
    const { page } = await wp.open(`/wp-admin/post.php?post=${id}&action=edit`, { admin: true });
    await editorReady(page);
    const preview = canvas(page).locator('.wp-block-donation-widgets-donors-search');
    await expect
      .poll(() => editorNotes(preview))
      .toEqual([
        'donation_widget: the island "donors-search": ignored colour; it takes: radius-options, radius, days-options, days, zipcode, locate.',
      ]);
    // The attributes it does take are kept.
    expect(await preview.getByLabel('Within').inputValue()).toBe('30');
  });

  it('works in a synced pattern: previewed in the page that uses it, and on the page for a visitor', async (ctx) => {
    if (!editor.iframed) ctx.skip();
    const ids = await wp.php(`
      $pattern = wp_insert_post( wp_slash( array( 'post_type' => 'wp_block', 'post_status' => 'publish',
        'post_title' => 'Donation search pattern',
        'post_content' => '<!-- wp:donation-widgets/donors-search {"zipcode":"10001","radius":"30"} /-->' ) ) );
      $page = wp_insert_post( wp_slash( array( 'post_type' => 'page', 'post_status' => 'publish',
        'post_name' => 'synced-pattern', 'post_title' => 'Synced pattern',
        'post_content' => '<!-- wp:block {"ref":' . $pattern . '} /-->' ) ) );
      echo $page;
    `);
    const { page } = await wp.open(`/wp-admin/post.php?post=${ids}&action=edit`, { admin: true });
    await editorReady(page);
    const preview = canvas(page).locator('.wp-block-donation-widgets-donors-search');
    await expect.poll(() => preview.getByLabel('Within').inputValue()).toBe('30');
    expect(await preview.getByLabel('Zip code').inputValue()).toBe('10001');

    const visitor = await wp.open('/synced-pattern/');
    await visitor.page.getByRole('button', { name: 'Search' }).click();
    await visitor.page.locator('.alert-donors').waitFor({ state: 'visible' });
    expect(visitor.requests).toContain(`${wp.site.url}/wp-json/donations/v1/search/10001/30/30?_locale=user`);
  });

  it('puts the donors search in a Twenty Twenty-Five template in the Site Editor, and a page using it shows it', async (ctx) => {
    if (!editor.iframed) ctx.skip();
    // The template is the site's for every later test: put the theme's own back afterwards.
    ctx.onTestFinished(async () => {
      await wp.php(`
        foreach ( get_posts( array( 'post_type' => 'wp_template', 'name' => 'page', 'post_status' => 'any', 'numberposts' => -1 ) ) as $post ) {
          wp_delete_post( $post->ID, true );
        }
      `);
    });
    const plain = await pageWith(
      wp.php,
      'uses-the-page-template',
      '<!-- wp:paragraph --><p>Nothing placed here.</p><!-- /wp:paragraph -->',
    );
    const { page } = await wp.open(
      `/wp-admin/site-editor.php?p=${encodeURIComponent('/wp_template/twentytwentyfive//page')}&canvas=edit`,
      { admin: true },
    );
    await editorReady(page);
    await canvas(page).locator('.wp-block-post-content').first().waitFor();
    await insertBlock(page, 'donation', 'Donors in your area');
    await page
      .getByRole('region', { name: 'Editor settings' })
      .getByLabel('Radius choices (miles)')
      .fill('25,50');
    await saveTemplate(page);

    const visitor = await wp.open(plain);
    expect(await visitor.page.getByText('Nothing placed here.').count()).toBe(1);
    const within = visitor.page.getByLabel('Within');
    await within.waitFor();
    expect(await within.locator('option').allInnerTexts()).toEqual(['25 miles', '50 miles']);
    expect(visitor.pageErrors).toEqual([]);
  }, 120_000);
});
