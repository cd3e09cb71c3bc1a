/**
 * The demo's side of the one rule for the address's parameters the printed search reads or carries:
 * addressParameters() reads each query string of address-parameters.cases.json as the case says. The
 * plugin's PHP runs the same cases (wordpress-plugin/test/address-parameters.test.ts).
 */
import { expect, test } from 'vitest';
import cases from '../demo/address-parameters.cases.json' with { type: 'json' };
import { addressParameters } from '../demo/address-parameters.js';

test.each(cases)('$case', (rule) => {
  expect([...addressParameters(rule.query)]).toEqual(rule.parameters);
});
