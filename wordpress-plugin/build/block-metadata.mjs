// The block.json of each placeable island's block, made from the island manifest (widgets/islands.js)
// when the plugin is built, so a block's title, attributes and the shortcode's never drift apart.

/**
 * The attributes a block's saved comment carries that its island does not take (a hand edit in the code
 * editor), comma-separated. The editor script fills it while parsing, so the server's preview can name
 * them; being `source`d, it is never written back into the post, where the editor drops them anyway.
 */
export const IGNORED_ATTRIBUTES = 'ignoredAttributes';

/** The handle the plugin registers the editor script under (includes/blocks.php). */
export const EDITOR_SCRIPT = 'donation-widgets-editor';

// Dashicons for the inserter, by island.
const ICONS = {
  'donors-search': 'location-alt',
  'screening-questions': 'feedback',
  'priority-alert': 'warning',
  'lazy-background': 'cover-image',
};

// What each block does, in the words of the admin who places it (the inserter and the sidebar show them).
const DESCRIPTIONS = {
  'donors-search':
    'A form where visitors enter their zip code to see the donations picked up near them, in a list and on a map.',
  'screening-questions':
    'Questions a donor answers before booking a pick-up; a yes asks for details for the driver.',
  'priority-alert': 'A notice of this week’s priority pick-ups, with a link that opens its note.',
  'lazy-background':
    'A section with a background image that loads only as visitors scroll near it; put any blocks on it.',
};

// Words an admin may type in the inserter, besides the title's.
const KEYWORDS = {
  'donors-search': ['donors', 'map', 'zip code', 'pick-up'],
  'screening-questions': ['form', 'questions', 'pick-up'],
  'priority-alert': ['alert', 'notice', 'priority'],
  'lazy-background': ['background', 'image', 'cover', 'section'],
};

/**
 * The editor's controls each block takes. Every block: an anchor (a link to the search or the form),
 * an Additional CSS class and margin and padding, which land on the island's own host element. Never
 * the code editor (`html`): the markup is the server's, not the post's.
 * - the lazy background: wide and full width, since a background band is what it is for;
 * - the donors search: wide, for its table and map; the screening form and the alert read best at the
 *   content's width, so they take no alignment;
 * - the screening form: one per post (`multiple: false`), since the donation plugin reads one set of
 *   answers from the page's form post and its sections have fixed ids.
 */
const SUPPORTS = {
  'donors-search': { align: ['wide'] },
  'screening-questions': { multiple: false },
  'priority-alert': {},
  'lazy-background': { align: ['wide', 'full'] },
};

/** The inserter's preview of each block: its settings, and the lazy background's content. */
const EXAMPLES = {
  'donors-search': { attributes: { zipcode: '10001' } },
  'screening-questions': { attributes: {} },
  'priority-alert': { attributes: {} },
  'lazy-background': {
    attributes: {},
    innerBlocks: [
      {
        name: 'core/paragraph',
        attributes: { content: 'Your text over the background image.', align: 'center' },
      },
    ],
  },
};

/**
 * @param {import('../../widgets/islands.js').IslandEntry} island a placeable island
 * @returns {Record<string, unknown>} the contents of its block.json
 */
export function blockMetadata({ name, label, attributes = {} }) {
  return {
    $schema: 'https://schemas.wp.org/trunk/block.json',
    apiVersion: 3,
    name: `donation-widgets/${name}`,
    title: label,
    category: 'donation-widgets',
    icon: ICONS[name] ?? 'block-default',
    description: DESCRIPTIONS[name] ?? label,
    keywords: ['donation', ...(KEYWORDS[name] ?? [])],
    textdomain: 'donation-widgets',
    // No defaults: an attribute the editor did not set stays out of the saved block, and the render
    // gives it the manifest's default exactly as the shortcode does.
    attributes: {
      ...Object.fromEntries(Object.keys(attributes).map((key) => [key, { type: 'string' }])),
      [IGNORED_ATTRIBUTES]: {
        type: 'string',
        source: 'attribute',
        selector: '[data-donation-widgets-ignored]',
        attribute: 'data-donation-widgets-ignored',
      },
    },
    supports: {
      html: false,
      anchor: true,
      className: true,
      customClassName: true,
      spacing: { margin: true, padding: true },
      ...SUPPORTS[name],
    },
    example: EXAMPLES[name] ?? { attributes: {} },
    editorScript: EDITOR_SCRIPT,
  };
}
