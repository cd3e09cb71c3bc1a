import { InnerBlocks, useBlockProps, useInnerBlocksProps } from '@wordpress/block-editor';
import type { BlockEditProps } from '@wordpress/blocks';
import { Disabled } from '@wordpress/components';
import ServerSideRender from '@wordpress/server-side-render';
import type { ComponentType } from 'react';
import type { IslandEntry } from '../../widgets/islands.js';
import { choicesOf, currentValue, IslandSettings, startingChoice, type Values } from './island-settings.tsx';

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
 * The donors search renders its form only in the browser, so the editor draws it from the block's
 * settings, with the island's own classes and words; the server's render below it adds any note.
 */
function donorsSearchEdit(declared: Declared): Edit {
  return function DonorsSearchEdit({ attributes, setAttributes }) {
    const blockProps = useBlockProps();
    const value = (name: string) => startingChoice(attributes, name, declared);
    const choice = (label: string, unit: string, name: string) => (
      <div className="donors-search-field">
        <label>
          {label}{' '}
          <select value={value(name)} onChange={() => undefined}>
            {choicesOf(value(`${name}-options`)).map((option) => (
              <option key={option} value={option}>
                {option} {unit}
              </option>
            ))}
          </select>
        </label>
      </div>
    );
    return (
      <div {...blockProps}>
        <IslandSettings declared={declared} values={attributes} set={setAttributes} />
        <Disabled>
          <form className="donors-search-form">
            <div className="donors-search-field">
              <label>
                Zip code <input type="text" value={value('zipcode')} readOnly />
              </label>
            </div>
            {choice('Within', 'miles', 'radius')}
            {choice('In the last', 'days', 'days')}
            <button type="submit">Search</button>
          </form>
        </Disabled>
        <ServerPreview name="donors-search" values={attributes} />
      </div>
    );
  };
}

/** The section with its image, and its content as blocks any block can go into. */
function lazyBackgroundEdit(declared: Declared): Edit {
  return function LazyBackgroundEdit({ attributes, setAttributes }) {
    const image = declared['lazy-background'];
    const url = image ? currentValue(attributes, 'lazy-background', image) : '';
    const blockProps = useBlockProps({
      className: 'donation-widgets-lazy-background',
      style: url
        ? {
            backgroundImage: `url(${JSON.stringify(url)})`,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
          }
        : {},
    });
    const innerBlocksProps = useInnerBlocksProps(blockProps, {
      template: [['core/paragraph', { placeholder: 'Text over the background…' }]],
    });
    return (
      <>
        <IslandSettings declared={declared} values={attributes} set={setAttributes} />
        <div {...innerBlocksProps} />
      </>
    );
  };
}

/** Islands whose markup is fixed: the server's render is the preview. */
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
    return { edit: lazyBackgroundEdit(declared), save: () => <InnerBlocks.Content /> };
  const edit =
    island.name === 'donors-search' ? donorsSearchEdit(declared) : serverRenderedEdit(island.name, declared);
  // Dynamic: the server renders the block from its attributes, so nothing is saved in the post.
  return { edit, save: () => null };
}
