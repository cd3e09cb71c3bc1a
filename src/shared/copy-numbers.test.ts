import { afterEach, describe, expect, it } from 'vitest';
import cases from './copy-attributes.cases.json' with { type: 'json' };
import { numberedAttributes } from './copy-attributes.js';
import { idForCopy, placeInTree } from './copy-numbers.js';

afterEach(() => document.body.replaceChildren());

describe('copy numbers', () => {
  it('number a host by its place among the matching elements of its own tree', () => {
    document.body.innerHTML = '<p class="h" id="a"></p><p class="h" id="b"></p><div id="outer"></div>';
    const shadow = (document.getElementById('outer') as Element).attachShadow({ mode: 'open' });
    shadow.innerHTML = '<p class="h" id="c"></p>';
    expect(placeInTree(document.getElementById('b') as Element, '.h')).toBe(2);
    // Ids are unique per tree: the first copy in a shadow root is a first copy again.
    expect(placeInTree(shadow.getElementById('c') as Element, '.h')).toBe(1);
    expect(placeInTree(document.createElement('p'), '.h')).toBe(1);
  });

  it('keep the id for the first copy and number the others', () => {
    expect([1, 2, 3].map((copy) => idForCopy('zipcode', copy))).toEqual([
      'zipcode',
      'zipcode-2',
      'zipcode-3',
    ]);
  });

  // Every side is held to the same cases on one page in wordpress-plugin/test/copy-numbers.test.ts.
  it.each(cases as [string, string[], string][])('number in %s: %j (%s)', (html, numbered) => {
    document.body.innerHTML = html;
    expect(numberedAttributes(document.body.firstElementChild as Element)).toEqual(numbered);
  });
});
