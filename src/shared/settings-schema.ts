/**
 * The plugin's settings schema (wordpress-plugin/donation-widgets/settings.schema.json), which the
 * plugin checks each save against with WordPress's own schema functions: the page config readers take
 * their patterns, bounds and defaults from here, so a value the settings screen saves is one the bundle
 * reads, and one it refuses the bundle refuses too (settings.cases.json holds both sides to that).
 */
import { properties } from '../../wordpress-plugin/donation-widgets/settings.schema.json';

/** A string field's rule as a RegExp, flagged `u` as WordPress matches it (code points, not UTF-16 units). */
export const schemaPattern = (field: { pattern: string }): RegExp => new RegExp(field.pattern, 'u');

/** A string field's `maxLength`, counted in characters as WordPress's mb_strlen() counts them. */
export const schemaMaxLength = (field: { maxLength: number }): RegExp =>
  new RegExp(`^[^]{0,${field.maxLength}}$`, 'u');

export const SETTINGS = properties;
