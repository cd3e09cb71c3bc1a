// @vitest-environment jsdom
/**
 * One page, numbered the same way by every side: copies of the donors search's snippet (markup.html,
 * with the cases of src/shared/copy-attributes.cases.json added to its form) as the loader numbers a copy
 * pasted by hand (in jsdom), as the plugin prints them (the template the build makes, filled by the PHP
 * in php-cli), as the demo prints them, and as the island names its elements once it mounts.
 */
// CSS.escape in jsdom, which the loader calls, as the unit tests' setup (test/setup-dom.ts) brings it.
import '@testing-library/jest-dom/vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { islandCopy } from '../../mock-server/demo/markup-files.js';
import { trusted } from '../../mock-server/lib/html.js';
import { numberCopy } from '../../src/loader/strategies/number-copy.ts';
import cases from '../../src/shared/copy-attributes.cases.json' with { type: 'json' };
import { FIRST_COPY_IDS, idsForCopy, type SearchIds } from '../../widgets/donors-search/search-ids.ts';
import { ISLANDS } from '../../widgets/islands.js';
import { markupTemplate } from '../build/island-templates.mjs';
import { phpValue, runPhp } from './php-cli.ts';

const NAME = 'donors-search';
const COPIES = [1, 2, 3];
const rule = cases as [string, string[], string][];
const CASES = 'copy-number-cases';
const page = readFileSync(
  path.join(import.meta.dirname, `../../widgets/${NAME}/markup.html`),
  'utf8',
).replace('</form>', `<div class="${CASES}">${rule.map(([element]) => element).join('')}</div></form>`);

/** The id, `for` and name of each element of a copy's inner markup that has any, in page order. */
type Numbering = [tag: string, id: string | null, htmlFor: string | null, name: string | null][];
const NUMBERED = ['id', 'for', 'name'];
const numbering = (inner: Element): Numbering =>
  [...inner.querySelectorAll('[id], [for], [name]')].map((element) => [
    element.localName,
    ...(NUMBERED.map((attribute) => element.getAttribute(attribute)) as [string, string, string]),
  ]);
const innerOf = (html: string) => {
  const box = document.createElement('div');
  box.innerHTML = html;
  return box.querySelector(`[data-island="${NAME}"]`) ?? box;
};

/**
 * What every side must give the `copy`th copy: the snippet's own elements the island's ids, and each
 * case's element what the case says.
 */
function expected(copy: number): Numbering {
  const host = innerOf(page);
  const ids = idsForCopy(copy);
  const key = (value: string) => {
    const found = (Object.keys(FIRST_COPY_IDS) as (keyof SearchIds)[]).find(
      (k) => FIRST_COPY_IDS[k] === value,
    );
    if (!found) throw new Error(`markup.html has "${value}", which the island does not number`);
    return found;
  };
  const ownElements = [...host.querySelectorAll('[id], [for], [name]')].filter(
    (e) => !e.closest(`.${CASES}`),
  );
  for (const element of ownElements)
    for (const attribute of NUMBERED) {
      const value = element.getAttribute(attribute);
      if (value !== null) element.setAttribute(attribute, ids[key(value)]);
    }
  for (const [index, element] of [...(host.querySelector(`.${CASES}`)?.children ?? [])].entries())
    for (const attribute of rule[index]?.[1] ?? [])
      element.setAttribute(attribute, `${element.getAttribute(attribute)}${copy === 1 ? '' : `-${copy}`}`);
  return numbering(host);
}

/** The copies as the loader numbers them, pasted one after another. */
function byLoader(): Numbering[] {
  document.body.innerHTML = page.repeat(COPIES.length);
  const hosts = [...document.querySelectorAll(`[data-island="${NAME}"]`)];
  for (const host of hosts) numberCopy(host);
  const numbered = hosts.map(numbering);
  document.body.replaceChildren();
  return numbered;
}

/** The copies as the plugin prints them: its build's template, each copy filled by the PHP. */
function byPlugin(): Numbering[] {
  const island = ISLANDS.find(({ name }) => name === NAME);
  if (!island || !('selector' in island.host)) throw new Error(`${NAME} is placeable`);
  const attributes = island.attributes ?? {};
  const { content, options } = markupTemplate(page, island.host.selector, attributes, island.numberedCopies);
  const printed = Object.fromEntries(
    Object.entries(attributes).map(([key, { default: value }]) => [key, value]),
  );
  const copies = runPhp(
    `$island = ${phpValue({ content, options })};
    $copies  = array();
    foreach ( ${phpValue(COPIES)} as $copy ) {
      $copies[] = donation_widgets_fill_markup( ${JSON.stringify(NAME)}, $island, ${phpValue(printed)} );
    }
    echo json_encode( $copies );`,
    {
      requires: ['island-render.php', 'search/printed-search.php'],
      stubs: 'function wp_unslash( $value ) { return $value; }',
    },
  );
  return (JSON.parse(copies) as string[]).map((html) => numbering(innerOf(html)));
}

/** The copies as the demo prints them. */
const byDemo = (): Numbering[] =>
  COPIES.map((copy) => numbering(innerOf(String(islandCopy(NAME, trusted(page), copy)))));

describe.each([
  ['the loader', byLoader],
  ['the plugin', byPlugin],
  ['the demo', byDemo],
])('%s', (_, numbered) => {
  it('numbers the first, second and third copy of one page as the island names them and the written rule says', () => {
    expect(numbered()).toEqual(COPIES.map(expected));
  });
});

test('the written rule is what the island’s ids are: the first copy keeps its ids, the others end in -2, -3', () => {
  expect(Object.values(idsForCopy(3))).toEqual(Object.values(FIRST_COPY_IDS).map((id) => `${id}-3`));
  expect(expected(1)).toEqual(numbering(innerOf(page)));
});
