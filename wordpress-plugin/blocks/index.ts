// The blocks' editor script: adds each placeable island's editor to the block type the plugin
// registered from its block.json. Built by build.mjs into dist/editor/blocks.js, with every
// @wordpress/* import taken from WordPress's own globals.
import { registerBlockType } from '@wordpress/blocks';
import { ISLANDS } from '../../widgets/islands.js';
import { blockEditor } from './island-edit.tsx';

for (const island of ISLANDS) {
  if ('selector' in island.host) registerBlockType(`donation-widgets/${island.name}`, blockEditor(island));
}
