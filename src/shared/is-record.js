// @ts-check

/**
 * Whether untrusted JSON's value is an object read key by key: not null, not a list. The one record
 * check of the bundle, the demo and the mock route, in JavaScript so that the demo's server imports it
 * as it is.
 * @param {unknown} value
 * @returns {value is Record<string, any>}
 */
export const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
