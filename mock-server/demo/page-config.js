/**
 * The page config every demo page carries, as WordPress would print it with wp_add_inline_script,
 * plus what a test asks for in `?config=<JSON>`.
 */

import { isRecord } from '../../src/shared/is-record.js';

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Objects merge key by key, anything else replaces. Keys that could reach a prototype are dropped.
 * @param {Record<string, unknown>} base
 * @param {Record<string, unknown>} extra
 * @returns {Record<string, unknown>}
 */
export function mergeConfig(base, extra) {
  /** @type {Record<string, unknown>} */
  const out = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    if (UNSAFE_KEYS.has(key)) continue;
    const current = out[key];
    out[key] = isRecord(current) && isRecord(value) ? mergeConfig(current, value) : value;
  }
  return out;
}

/**
 * @param {Record<string, unknown>} base
 * @param {unknown} query the `config` query value
 * @returns {{config: Record<string, unknown>, problem?: string}}
 */
export function configWithQuery(base, query) {
  if (query === undefined) return { config: base };
  try {
    const extra = typeof query === 'string' ? JSON.parse(query) : undefined;
    if (isRecord(extra)) return { config: mergeConfig(base, extra) };
  } catch {
    // Reported below like any other value that is not an object.
  }
  return { config: base, problem: 'The config query parameter was ignored: it must be a JSON object.' };
}
