// The ways in from the `[donation_widget island="…"]` shortcode: a shortcode pasted into the editor
// becomes the island's block, and so does a Shortcode block holding one (its Transform menu). The
// attribute names map as the server reads them: `days_options` and `days-options` alike.
import { createBlock, rawHandler } from '@wordpress/blocks';
import { next } from '@wordpress/shortcode';
import type { IslandEntry } from '../../widgets/islands.js';

const TAG = 'donation_widget';

interface Shortcode {
  attrs: { named: Record<string, string | undefined> };
  content?: string;
}

/**
 * The block attributes of a shortcode's named ones: those the island takes under their block names,
 * and the others named in `ignoredAttributes`, so the preview says they were dropped.
 */
function blockAttributes(named: Shortcode['attrs']['named'], declared: object): Record<string, string> {
  const attributes: Record<string, string> = {};
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(named)) {
    const name = key.toLowerCase().replace(/_/g, '-');
    if (name === 'island' || value === undefined) continue;
    if (name in declared) attributes[name] = value;
    else ignored.push(name);
  }
  return ignored.length > 0 ? { ...attributes, ignoredAttributes: ignored.join(',') } : attributes;
}

/** The island's block for a shortcode; the lazy background's content becomes its inner blocks. */
function blockOf(island: IslandEntry, shortcode: Shortcode) {
  const content = shortcode.content?.trim() ?? '';
  const inner = island.name === 'lazy-background' && content ? rawHandler({ HTML: content }) : [];
  return createBlock(
    `donation-widgets/${island.name}`,
    blockAttributes(shortcode.attrs.named, island.attributes ?? {}),
    inner,
  );
}

/**
 * Whether the block can hold all of a shortcode: only the lazy background keeps enclosed content (as its
 * inner blocks); the other islands' blocks have none, so such a shortcode stays a shortcode.
 */
const keepsAll = (island: IslandEntry, shortcode: Shortcode) =>
  island.name === 'lazy-background' || !shortcode.content?.trim();

/** The one donation_widget shortcode a Shortcode block holds, when it holds nothing else. */
function onlyShortcode(text: string): Shortcode | undefined {
  const found = next(TAG, text.trim());
  return found && found.index === 0 && found.content.length === text.trim().length
    ? found.shortcode
    : undefined;
}

/** The block's `transforms`. */
export function shortcodeTransforms(island: IslandEntry) {
  const isIsland = (shortcode: Shortcode | undefined): shortcode is Shortcode =>
    shortcode?.attrs.named.island === island.name && keepsAll(island, shortcode);
  return {
    from: [
      {
        type: 'shortcode',
        tag: TAG,
        // The content is not known here: a shortcode whose content the block cannot keep is turned
        // back into a Shortcode block below, whole.
        isMatch: ({ named }: Shortcode['attrs']) => named.island === island.name,
        transform: (_attrs: Shortcode['attrs'], match: { shortcode: Shortcode; content: string }) =>
          keepsAll(island, match.shortcode)
            ? blockOf(island, match.shortcode)
            : createBlock('core/shortcode', { text: match.content }),
      },
      {
        type: 'block',
        blocks: ['core/shortcode'],
        isMatch: ({ text }: { text?: string }) => isIsland(onlyShortcode(text ?? '')),
        transform: ({ text }: { text?: string }) => {
          const shortcode = onlyShortcode(text ?? '');
          return isIsland(shortcode) ? blockOf(island, shortcode) : createBlock('core/shortcode', { text });
        },
      },
    ],
  };
}
