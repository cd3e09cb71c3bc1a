/**
 * A link's radius and days the form does not offer (`?radius=7&days=5`) shown as choices of their own,
 * one rule on every side: the plugin's donation_widgets_choices_showing() against the shared cases the
 * island's rule is held to, and the form the plugin prints for such a search equal to the demo's and to
 * the island's render of the same markup.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { printSearch } from '../../mock-server/demo/printed-search.js';
import { adoptSearchForm } from '../../widgets/donors-search/form/search-form.ts';
import rule from '../../widgets/donors-search/form/shown-choices.cases.json' with { type: 'json' };
import { FIRST_COPY_IDS } from '../../widgets/donors-search/search-ids.ts';
import { ISLANDS } from '../../widgets/islands.js';
import { markupTemplate } from '../build/island-templates.mjs';
import { phpValue, runPhp } from './php-cli.ts';

const NAME = 'donors-search';
const QUERY = { zipcode: '60601', radius: '7', days: '5' };
const page = readFileSync(path.join(import.meta.dirname, `../../widgets/${NAME}/markup.html`), 'utf8');

/** A page of `html`, in a window of its own (the demo's files read theirs through Node's URL). */
const pageOf = (html: string) => new JSDOM(html).window;

/** Each select's choices as `value words`, the one it shows marked `*`. */
const choicesOf = (root: ParentNode) =>
  [...root.querySelectorAll('select')].map((select) =>
    [...select.options].map((option) => `${option.value}${option.selected ? '*' : ''} ${option.text}`),
  );

test('the plugin adds a choice by the rule the island and the demo follow', () => {
  const cases = rule.cases as [string[], string, string[]][];
  const shown = runPhp(
    `$shown = array();
    foreach ( ${phpValue(cases)} as $case ) {
      $shown[] = donation_widgets_choices_showing( $case[0], $case[1] );
    }
    echo json_encode( $shown );`,
    { requires: ['search/printed-search.php'] },
  );
  expect(JSON.parse(shown)).toEqual(cases.map(([, , expected]) => expected));
});

describe("the form printed for a link's 7 miles and 5 days", () => {
  const expected = [
    ['7* 7 miles', '15 15 miles', '30 30 miles', '45 45 miles', '60 60 miles'],
    ['5* 5 days', '30 30 days', '45 45 days', '60 60 days', '90 90 days'],
  ];

  test('by the plugin (its shortcode and block)', () => {
    const island = ISLANDS.find(({ name }) => name === NAME);
    if (!island || !('selector' in island.host)) throw new Error(`${NAME} is placeable`);
    const attributes = island.attributes ?? {};
    const { content, options } = markupTemplate(
      page,
      island.host.selector,
      attributes,
      island.numberedCopies,
    );
    const printed = {
      ...Object.fromEntries(Object.entries(attributes).map(([key, { default: value }]) => [key, value])),
      ...QUERY,
    };
    // As donation_widgets_printed_search() hands the render the address's search: its values printed.
    const html = runPhp(
      `echo donation_widgets_fill_markup( ${JSON.stringify(NAME)}, ${phpValue({ content, options })}, ${phpValue(printed)} );`,
      {
        requires: ['island-render.php', 'search/printed-search.php'],
        stubs: "define( 'REST_REQUEST', true );",
      },
    );
    expect(choicesOf(pageOf(html).document)).toEqual(expected);
  });

  test('by the demo', async () => {
    const answer = { query: QUERY, status: 200, body: { errors: [], data: { donations: [] } } };
    const html = String(await printSearch(page, 1, answer as never));
    expect(choicesOf(pageOf(html).document)).toEqual(expected);
  });

  test('by the island, on the markup a page pasted', () => {
    const window = pageOf(page);
    // The island's code reads the page's element classes as globals, as in a browser.
    for (const name of ['Option', 'HTMLInputElement', 'HTMLSelectElement'] as const)
      vi.stubGlobal(name, window[name]);
    onTestFinished(() => vi.unstubAllGlobals());
    const form = window.document.querySelector('form') as HTMLFormElement;
    const defaults = { radiusOptions: ['15', '30', '45', '60'], daysOptions: ['30', '45', '60', '90'] };
    adoptSearchForm(
      form,
      FIRST_COPY_IDS,
      { ...defaults, radius: '15', days: '30', zipcode: '', locate: true, start: QUERY },
      { radiusOption: '{radius} miles', daysOption: '{days} days' },
    );
    expect(choicesOf(form)).toEqual(expected);
  });
});
