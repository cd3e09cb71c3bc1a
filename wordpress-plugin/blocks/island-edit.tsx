import { InnerBlocks, useBlockProps, useInnerBlocksProps } from '@wordpress/block-editor';
import type { BlockEditProps } from '@wordpress/blocks';
import { Disabled } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import ServerSideRender from '@wordpress/server-side-render';
import type { ComponentType } from 'react';
import type { IslandEntry } from '../../widgets/islands.js';
import lazyBackgroundMarkup from '../../widgets/lazy-background/markup.html';
import { currentValue, IslandSettings, type Values } from './island-settings.tsx';

type Edit = ComponentType<BlockEditProps<Values>>;
type Declared = NonNullable<IslandEntry['attributes']>;

/**
 * The server's render of the block, as a visitor's page gets it before the island mounts, and the
 * notes on mistakes it prints for editors. Disabled: a preview is not a form to fill in.
 */
function ServerPreview({ name, values }: { name: string; values: Values }) {
  return (
    <Disabled>
      <ServerSideRender block={`donation-widgets/${name}`} attributes={values} />
    </Disabled>
  );
}

/**
 * The classes of the island's host in its markup.html, which the plugin prints on the page: the editor's
 * own element for the island carries them too, so the theme's and the islands' styles apply alike.
 */
const hostClasses = (markup: string, selector: string): string =>
  new DOMParser().parseFromString(markup, 'text/html').querySelector(selector)?.getAttribute('class') ?? '';

/** The section with its image, and its content as blocks any block can go into. */
function lazyBackgroundEdit(declared: Declared, selector: string): Edit {
  const className = hostClasses(lazyBackgroundMarkup, selector);
  return function LazyBackgroundEdit({ attributes, setAttributes }) {
    const image = declared['lazy-background'];
    const url = image ? currentValue(attributes, 'lazy-background', image) : '';
    const blockProps = useBlockProps({
      className,
      style: url
        ? {
            backgroundImage: `url(${JSON.stringify(url)})`,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
          }
        : {},
    });
    const innerBlocksProps = useInnerBlocksProps(blockProps, {
      template: [['core/paragraph', { placeholder: __('Text over the background…', 'donation-widgets') }]],
    });
    return (
      <>
        <IslandSettings declared={declared} values={attributes} set={setAttributes} />
        <div {...innerBlocksProps} />
      </>
    );
  };
}

/**
 * Every island but the lazy background: the server's render is the preview (the donors search's printed
 * form with the choices and values set, as a visitor's page has it before the island mounts).
 */
function serverRenderedEdit(name: string, declared: Declared): Edit {
  return function ServerRenderedEdit({ attributes, setAttributes }) {
    return (
      <div {...useBlockProps()}>
        <IslandSettings declared={declared} values={attributes} set={setAttributes} />
        <ServerPreview name={name} values={attributes} />
      </div>
    );
  };
}

/** The editor side of an island's block: its `edit` and `save`. */
export function blockEditor(island: IslandEntry): { edit: Edit; save: ComponentType } {
  const declared = island.attributes ?? {};
  if (island.name === 'lazy-background')
    return {
      edit: lazyBackgroundEdit(declared, 'selector' in island.host ? island.host.selector : ''),
      save: () => <InnerBlocks.Content />,
    };
  const edit = serverRenderedEdit(island.name, declared);
  // Dynamic: the server renders the block from its attributes, so nothing is saved in the post.
  return { edit, save: () => null };
}
