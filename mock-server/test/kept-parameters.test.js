/**
 * The demo's side of the one rule for the address's parameters the printed search reads or carries:
 * addressParameters() reads each query string of kept-parameters.cases.json as the case says. The
 * plugin's PHP runs the same cases (wordpress-plugin/test/kept-parameters.test.ts).
 */
import { expect, test } from 'vitest';
import cases from '../demo/kept-parameters.cases.json' with { type: 'json' };
import { addressParameters } from '../demo/kept-parameters.js';

test.each(cases)('$case', (rule) => {
  expect([...addressParameters(rule.query)]).toEqual(rule.parameters);
});
