// The blocks' editor script: adds each placeable island's editor to the block type the plugin
// registered from its block.json. Built by build.mjs into dist/editor/blocks.js, with every
// @wordpress/* import taken from WordPress's own globals.
import { registerBlockType } from '@wordpress/blocks';
import { addFilter } from '@wordpress/hooks';
import { ISLANDS } from '../../widgets/islands.js';
import { blockEditor } from './island-edit.tsx';
import { shortcodeTransforms } from './shortcode-transforms.ts';

for (const island of ISLANDS) {
  if ('selector' in island.host)
    registerBlockType(`donation-widgets/${island.name}`, {
      ...blockEditor(island),
      transforms: shortcodeTransforms(island),
    });
}

// A saved block may carry attributes its island does not take (a hand edit in the code editor); the
// editor drops them without a word. Named in `ignoredAttributes`, the server's preview reports them.
addFilter(
  'blocks.getBlockAttributes',
  'donation-widgets/ignored-attributes',
  (
    attributes: Record<string, unknown>,
    blockType: { name: string; attributes: Record<string, unknown> },
    _html: string,
    saved: Record<string, unknown> = {},
  ) => {
    if (!blockType.name.startsWith('donation-widgets/')) return attributes;
    const ignored = Object.keys(saved).filter((name) => !(name in blockType.attributes));
    return ignored.length > 0 ? { ...attributes, ignoredAttributes: ignored.join(',') } : attributes;
  },
);
