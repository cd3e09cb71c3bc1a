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

/**
 * @param {import('../widgets/islands.js').IslandEntry} island a placeable island
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
    description: `The ${label.toLowerCase()} island of the donation widgets, as the [donation_widget island="${name}"] shortcode prints it.`,
    keywords: ['donation', 'donation widgets', ...name.split('-')],
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
    supports: { html: false, className: false, customClassName: false },
    editorScript: EDITOR_SCRIPT,
  };
}
