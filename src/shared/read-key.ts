/**
 * Reading one key of untrusted JSON against a check: the step every config reader takes (config-readers.ts
 * builds its Reader on it and passes its types on). Apart from the Reader because the submit lock, on
 * every page with a form, reads its two keys with this alone: in the Reader's file it would bring the
 * whole Reader to those pages (about 460 bytes gzip), more than their byte budgets hold.
 */
import { describe } from './describe-value.ts';

/**
 * Reports one bad value: its key, what it must be, what was found (as `describe` shows it: the readers
 * describe what they reject, so that the loader, which prints it, stays small) and what is done instead.
 */
export type Problem = (key: string, expected: string, found: string, outcome?: string) => void;

/** Untrusted JSON's object, read key by key. */
export type Json = Record<string, unknown>;

export { isRecord } from './is-record.js';

/** What one value must be: in words for the report, and as a test. */
export interface Check<T> {
  expected: string;
  accept: (value: unknown) => value is T;
}

/** A finite number from `min` to `max`. */
export const numberFrom = (min: number, max: number): Check<number> => ({
  expected: `a number from ${min} to ${max}`,
  accept: (v): v is number => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max,
});

/**
 * `source[key]` when `check` accepts it, `fallback` when it is missing, and otherwise `fallback` after
 * reporting the value, named `name`. A missing key is not an error: it simply takes the fallback.
 */
export function readKey<T>(
  source: Json,
  key: string,
  fallback: T,
  check: Check<T>,
  problem: Problem,
  name = key,
): T {
  const value = source[key];
  if (value === undefined) return fallback;
  if (check.accept(value)) return value;
  problem(name, check.expected, describe(value));
  return fallback;
}
