import { InspectorControls, MediaUpload, MediaUploadCheck } from '@wordpress/block-editor';
import { Button, PanelBody, SelectControl, TextControl, ToggleControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { ReactNode } from 'react';
import type { IslandAttribute } from '../../widgets/islands.js';

/** A block's attributes: the manifest's names, each a string once the editor set it. */
export type Values = Record<string, string | undefined>;

/** What an attribute is in the editor: the value set, else the manifest's default (as the render does). */
export const currentValue = (values: Values, name: string, attribute: IslandAttribute): string =>
  values[name] ?? attribute.default;

/** The choices of a comma-separated list, as the island reads them. */
const choicesOf = (list: string): string[] =>
  list
    .split(',')
    .map((choice) => choice.trim())
    .filter(Boolean);

/**
 * A starting choice (`radius`) as the island and the render settle it: the one set, else the default
 * when it is among the choices, else the first choice. Only a value an editor set can be a mistake.
 */
function startingChoice(values: Values, name: string, declared: Readonly<Record<string, IslandAttribute>>) {
  const attribute = declared[name];
  const list = declared[`${name}-options`];
  if (!attribute) return '';
  const value = currentValue(values, name, attribute);
  if (!list || values[name] !== undefined) return value;
  const choices = choicesOf(currentValue(values, `${name}-options`, list));
  return choices.includes(value) ? value : (choices[0] ?? value);
}

/**
 * What is out of range in a number or a list of them, in words; '' when nothing is. Anything that is not
 * a whole number is left to the preview's note, which names it as the render does.
 */
function rangeProblem(value: string, { range }: IslandAttribute): string {
  if (!range) return '';
  for (const choice of choicesOf(value)) {
    if (!/^\d+$/.test(choice)) continue;
    const number = Number(choice);
    if (number > range.max)
      /* translators: 1: the number set, 2: the most the route takes, 3: the least. */
      return sprintf(
        __('%1$s is more than %2$d: the donations search takes %3$d to %2$d.', 'donation-widgets'),
        choice,
        range.max,
        range.min,
      );
    if (number < range.min)
      /* translators: 1: the number set, 2: the least the route takes, 3: the most. */
      return sprintf(
        __('%1$s is less than %2$d: the donations search takes %2$d to %3$d.', 'donation-widgets'),
        choice,
        range.min,
        range.max,
      );
  }
  return '';
}

/** The manifest's help, in the editor's language, after what is wrong with the value if anything is. */
function helpText(attribute: IslandAttribute, problem: string): ReactNode {
  const help = __(attribute.help, 'donation-widgets');
  if (!problem) return help;
  return (
    <>
      <strong className="donation-widgets-setting-problem">{problem}</strong> {help}
    </>
  );
}

interface ControlProps {
  name: string;
  attribute: IslandAttribute;
  declared: Readonly<Record<string, IslandAttribute>>;
  values: Values;
  set(values: Values): void;
}

const FIELD = { __nextHasNoMarginBottom: true, __next40pxDefaultSize: true };

/** One attribute's control, chosen by its type in the manifest. */
function AttributeControl({ name, attribute, declared, values, set }: ControlProps) {
  const value = startingChoice(values, name, declared);
  const onChange = (next: string) => set({ [name]: next });
  const list = declared[`${name}-options`];
  // The manifest's words, translated through the strings make-pot.mjs adds to the .pot for them.
  const label = __(attribute.label, 'donation-widgets');
  const problem = rangeProblem(value, attribute);
  if (attribute.type === 'on-off')
    // Anything but `off` is on, as the render and the island read a value other than on or off.
    return (
      <ToggleControl
        __nextHasNoMarginBottom
        label={label}
        help={helpText(attribute, '')}
        checked={value !== 'off'}
        onChange={(checked) => onChange(checked ? 'on' : 'off')}
      />
    );
  if (list) {
    // A starting choice is picked among the choices; one that is no longer among them stays listed,
    // marked, so the mistake is visible here and not only in the preview's note.
    const choices = choicesOf(currentValue(values, `${name}-options`, list));
    const options = choices.map((choice) => ({ label: choice, value: choice }));
    if (!choices.includes(value))
      options.unshift({ label: `${value} (${__('not one of the choices', 'donation-widgets')})`, value });
    return (
      <SelectControl
        {...FIELD}
        label={label}
        help={helpText(attribute, problem)}
        value={value}
        options={options}
        onChange={onChange}
      />
    );
  }
  const field = (
    <TextControl
      {...FIELD}
      label={label}
      help={helpText(attribute, problem)}
      aria-invalid={problem ? true : undefined}
      value={value}
      onChange={onChange}
    />
  );
  if (attribute.type !== 'image') return field;
  return (
    <>
      <MediaUploadCheck>
        <MediaUpload
          allowedTypes={['image']}
          onSelect={(media) => onChange(media.url)}
          render={({ open }) => (
            <Button variant="secondary" onClick={open}>
              {value
                ? __('Replace the image', 'donation-widgets')
                : __('Choose from the Media Library', 'donation-widgets')}
            </Button>
          )}
        />
        {value ? (
          <Button variant="link" isDestructive onClick={() => onChange('')}>
            {__('Remove the image', 'donation-widgets')}
          </Button>
        ) : null}
      </MediaUploadCheck>
      {field}
    </>
  );
}

/**
 * The island's settings in the block sidebar, one control per attribute the manifest declares, with
 * the manifest's label and help.
 */
export function IslandSettings({ declared, values, set }: Pick<ControlProps, 'declared' | 'values' | 'set'>) {
  const names = Object.keys(declared);
  if (names.length === 0) return null;
  return (
    <InspectorControls>
      <PanelBody title={__('Settings', 'donation-widgets')}>
        {names.map((name) => {
          const attribute = declared[name];
          return attribute ? (
            <AttributeControl
              key={name}
              name={name}
              attribute={attribute}
              declared={declared}
              values={values}
              set={set}
            />
          ) : null;
        })}
      </PanelBody>
    </InspectorControls>
  );
}
