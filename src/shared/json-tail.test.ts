/**
 * The bundle's side of the one reading of "the JSON an answer ends with": jsonTail finds exactly what
 * json-tail.cases.json says. The plugin's PHP runs the same cases (wordpress-plugin/test/json-tail.test.ts).
 */
import { expect, test } from 'vitest';
import cases from './json-tail.cases.json' with { type: 'json' };
import { jsonTail } from './json-tail.js';

test.each(cases as { case: string; output: string; json?: unknown }[])('$case', (rule) => {
  expect(jsonTail(rule.output)).toEqual('json' in rule ? { json: rule.json } : undefined);
});
