import { expect, it } from 'vitest';
import { ISLANDS } from '../../widgets/islands.js';
import { editorNotes, expectSmallIslandsWork, printedSearchForm } from './islands-at-work.ts';
import { phpString } from './wordpress-server.ts';
import { describeWordPress, pageWith, useWordPress } from './wordpress-suite.ts';

const PLACEABLE = ISLANDS.filter(({ host }) => 'selector' in host);

/** A block as the editor saves it: its comment delimiters, attributes as JSON, inner markup if any. */
const block = (name: string, attributes: Record<string, string> = {}, inner = '') => {
  const json = Object.keys(attributes).length > 0 ? ` ${JSON.stringify(attributes)}` : '';
  return inner
    ? `<!-- wp:donation-widgets/${name}${json} -->\n${inner}\n<!-- /wp:donation-widgets/${name} -->`
    : `<!-- wp:donation-widgets/${name}${json} /-->`;
};

describeWordPress("the islands' blocks on any supported WordPress", () => {
  const wp = useWordPress();

  it('registers one block per placeable island from block.json, in the Donation widgets category', async () => {
    const registered = JSON.parse(
      await wp.php(`
        $types = array();
        foreach ( WP_Block_Type_Registry::get_instance()->get_all_registered() as $name => $type ) {
          if ( 0 === strpos( $name, 'donation-widgets/' ) ) {
            $types[ $name ] = array( 'title' => $type->title, 'category' => $type->category,
              'apiVersion' => $type->api_version, 'keywords' => $type->keywords,
              // The island's own, without those of the editor's controls (block supports).
              'attributes' => array_values( array_diff( array_keys( array_filter( $type->attributes, function ( $a ) { return ! isset( $a['source'] ) && 'string' === $a['type']; } ) ), array( 'align', 'className', 'anchor' ) ) ),
              'editorScript' => wp_scripts()->query( 'donation-widgets-editor' ) ? 'registered' : 'missing',
              'dynamic' => $type->is_dynamic() );
          }
        }
        $category = wp_list_filter( get_default_block_categories(), array( 'slug' => 'donation-widgets' ) );
        $all      = apply_filters( 'block_categories_all', get_default_block_categories(), new WP_Block_Editor_Context() );
        echo wp_json_encode( array( 'types' => $types, 'version' => get_bloginfo( 'version' ),
          'category' => array_values( wp_list_filter( $all, array( 'slug' => 'donation-widgets' ) ) ), 'default' => $category ) );
      `),
    );
    // Version 3 where the editor knows it (6.3+), 2 before.
    const [major = 0, minor = 0] = String(registered.version).split('.').map(Number);
    const apiVersion = major > 6 || (major === 6 && minor >= 3) ? 3 : 2;
    expect(registered.types).toEqual(
      Object.fromEntries(
        PLACEABLE.map(({ name, label, attributes = {} }) => [
          `donation-widgets/${name}`,
          {
            title: label,
            category: 'donation-widgets',
            apiVersion,
            keywords: expect.arrayContaining(['donation']),
            attributes: Object.keys(attributes),
            editorScript: 'registered',
            dynamic: true,
          },
        ]),
      ),
    );
    expect(registered.category).toEqual([
      { slug: 'donation-widgets', title: 'Donation widgets', icon: null },
    ]);
  });

  it('renders each block as the shortcode does, and the islands work for a visitor', async () => {
    const settings = {
      'donors-search': { 'radius-options': '5,10', radius: '10', days: '45', zipcode: '10001' },
      'screening-questions': { action: '/thank-you/' },
      'lazy-background': { 'lazy-background': '/wp-content/uploads/truck.jpg' },
    };
    const shortcodeOf = (name: string, attributes: Record<string, string> = {}) =>
      `[donation_widget island="${name}"${Object.entries(attributes)
        .map(([key, value]) => ` ${key}="${value}"`)
        .join('')}]`;
    const pairs = PLACEABLE.map(({ name }) => {
      const attributes = settings[name as keyof typeof settings] ?? {};
      return [block(name, attributes), shortcodeOf(name, attributes)];
    });
    const rendered: [string, string][] = JSON.parse(
      await wp.php(`
        $out = array();
        foreach ( json_decode( ${phpString(JSON.stringify(pairs))}, true ) as $pair ) {
          $out[] = array( do_blocks( $pair[0] ), do_shortcode( $pair[1] ) );
        }
        echo wp_json_encode( $out );
      `),
    );
    expect(rendered).toHaveLength(PLACEABLE.length);
    // Rendered second in the same request, the shortcode's donors search is the page's second copy, whose
    // ids and field names the plugin numbers as the island does; the block's host carries the block's
    // class besides its own (WordPress's wrapper attributes, on the host itself); everything else is the
    // same markup.
    const firstCopy = (html: string) => html.replace(/ (id|for|name)="([\w-]+)-2"/g, ' $1="$2"');
    for (const [index, [fromBlock, fromShortcode]] of rendered.entries()) {
      const blockClass = ` wp-block-donation-widgets-${PLACEABLE[index]?.name}`;
      expect(fromBlock).toContain(blockClass);
      expect(firstCopy(fromShortcode)).toBe(fromBlock.replace(blockClass, ''));
    }
    expect(rendered[0]?.[1]).toContain('id="zipcode-2"');

    const path = await pageWith(
      wp.php,
      'blocks-rendered',
      [
        block('donors-search', settings['donors-search']),
        block('screening-questions'),
        block('priority-alert'),
        block(
          'lazy-background',
          settings['lazy-background'],
          '<!-- wp:paragraph -->\n<p>Our own text</p>\n<!-- /wp:paragraph -->',
        ),
      ].join('\n\n'),
    );
    const { page, pageErrors } = await wp.open(path);
    expect(await page.locator('[data-island="donors-search"]').evaluate((e) => ({ ...e.dataset }))).toEqual({
      island: 'donors-search',
      radiusOptions: '5,10',
      radius: '10',
      daysOptions: '30,45,60,90',
      days: '45',
      zipcode: '10001',
      locate: 'on',
    });
    expect(await printedSearchForm(page)).toEqual({
      zipcode: '10001',
      radius: [['5 miles', '10 miles'], '10'],
      days: [['30 days', '45 days', '60 days', '90 days'], '45'],
      unfilled: false,
      mounted: false,
    });
    // No action: the form posts to the page it is on.
    expect(await page.locator('form[name="screening-questions"]').getAttribute('action')).toBeNull();
    await expectSmallIslandsWork(page, { image: '/wp-content/uploads/truck.jpg', text: 'Our own text' });
    expect(pageErrors).toEqual([]);
  });

  it("tells editors, on the page, what is wrong with a block's settings; visitors get the defaults", async () => {
    const path = await pageWith(
      wp.php,
      'blocks-mistakes',
      block('donors-search', { 'radius-options': '', days: '7', colour: 'red' }),
    );
    const admin = await wp.open(path, { admin: true });
    expect(await editorNotes(admin.page)).toEqual([
      'donation_widget: the island "donors-search": ignored colour; it takes: radius-options, radius, days-options, days, zipcode, locate; radius-options "" is empty; it needs at least one choice; days "7" is not one of the choices: 30, 45, 60, 90.',
    ]);
    const visitor = await wp.open(path);
    expect(await visitor.page.locator('.donation-widgets-notice').count()).toBe(0);
    expect(await visitor.page.getByLabel('In the last').inputValue()).toBe('30');
    expect(await visitor.page.getByLabel('Within').inputValue()).toBe('15');
  });
});
