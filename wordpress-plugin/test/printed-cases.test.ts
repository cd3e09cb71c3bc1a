/**
 * The plugin's printed search against the shared cases (widgets/donors-search/printed-cases/), without a
 * WordPress: for each case's answer of the route, the PHP reads it as it reads the route's output
 * (includes/search/search-route.php), prints its parts (includes/search/printed-search.php) from the markup the build
 * writes into markup/islands.json, and the region they make must be the case's expected.html. A case
 * without one gets it written from what the PHP prints, and fails until a person has checked it.
 * Donation Manager's form likewise: its shortcode's markup (the demo's copy of it), filled by
 * includes/donation-manager/donation-manager-search.php for the case's search in the address, the route answering the case,
 * must be the case's expected-donation-manager.html.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DONATION_MANAGER_MARKUP } from '../../widgets/donation-manager-markup.js';
import {
  CASES_DIR,
  caseAnswer,
  DONATION_MANAGER_EXPECTED,
  EXPECTED,
  laidOut,
  normalised,
  PRINTED_CASES,
  type PrintedParts,
  regionOfDonationManager,
  regionOfParts,
} from '../../widgets/donors-search/printed-cases/printed-cases.ts';
import { islandTemplates } from '../build/island-templates.mjs';
import { DONATION_MANAGER_JSON } from '../build/plugin-files.mjs';
import { ROUTE_STUBS, runPhp } from './php-cli.ts';

interface Printed {
  parts: PrintedParts;
  /** The answer as the page carries it for the island (JSON). */
  answer: unknown;
}

const printed = new Map<string, Printed>();

/** Each case as the PHP reads it, the site's date settings as WordPress's options. */
const cases = PRINTED_CASES.map(({ name, query, status, text, site }) => ({
  name,
  query,
  status,
  text,
  options: { date_format: site.dateFormat, time_format: site.timeFormat },
}));

let plugin = '';

beforeAll(() => {
  // The plugin folder as the build leaves it: markup/ written from the islands' files now.
  plugin = mkdtempSync(path.join(tmpdir(), 'printed-cases-'));
  mkdirSync(path.join(plugin, 'markup'));
  writeFileSync(
    path.join(plugin, 'markup/islands.json'),
    JSON.stringify(islandTemplates(path.join(import.meta.dirname, '../..'))),
  );
  writeFileSync(path.join(plugin, 'markup', DONATION_MANAGER_JSON), JSON.stringify(DONATION_MANAGER_MARKUP));
});

afterAll(() => rmSync(plugin, { recursive: true }));

/** The plugin's files that print a search's answer, which both producers below run. */
const PRINTED_SEARCH_FILES = [
  'translations.php',
  'island-render.php',
  'search/search-route.php',
  'search/search-answer.php',
  'search/search-table.php',
  'search/printed-search.php',
];

beforeAll(() => {
  const output = runPhp(
    `$printed = array();
      foreach ( json_decode( ${JSON.stringify(JSON.stringify(cases))}, true ) as $case ) {
        $options = $case['options'];
        // As the route's output is read when it ends through wp_send_json() (includes/search/search-route.php).
        $answer = array( 'query' => $case['query'] ) + donation_widgets_json_answer( donation_widgets_json_tail( $case['text'] ), $case['status'] );
        $printed[ $case['name'] ] = array(
          'parts'  => donation_widgets_printed_search_parts( $answer, donation_widgets_texts()['donors-search'], '' ),
          'answer' => $answer,
        );
      }
      echo json_encode( $printed );`,
    {
      pluginDir: plugin,
      requires: PRINTED_SEARCH_FILES,
    },
  );
  for (const [name, result] of Object.entries(JSON.parse(output) as Record<string, Printed>))
    printed.set(name, result);
});

/** Donation Manager's shortcode's output, as its page prints it before the plugin fills it. */
const SHORTCODE_OUTPUT = readFileSync(
  path.join(import.meta.dirname, '../../mock-server/demo/donation-manager/donors-in-your-area.html'),
  'utf8',
);

/** Donation Manager's markup as the plugin filled it, by case. */
const filled = new Map<string, string>();

beforeAll(() => {
  const output = runPhp(
    `// A site that keeps no answer (settings.php's one setting read here): each case asks the route.
    // What keeping does is the WordPress suite's.
    function donation_widgets_get( $option ) { return 'donation_widgets_answers_life' === $option ? 0 : null; }
    function apply_filters( $name, $value ) { return $value; }
    $filled = array();
    foreach ( json_decode( ${JSON.stringify(JSON.stringify(cases))}, true ) as $case ) {
      $options      = $case['options'];
      $_GET         = $case['query'];
      $route_answer = array( 'status' => $case['status'], 'text' => $case['text'] );
      $filled[ $case['name'] ] = donation_widgets_donation_manager_search( ${JSON.stringify(SHORTCODE_OUTPUT)}, 'donors_in_your_area' );
    }
    echo json_encode( $filled );`,
    {
      pluginDir: plugin,
      requires: [
        ...PRINTED_SEARCH_FILES,
        'html-document.php',
        'search/search-store.php',
        'search/search-pipeline.php',
        'donation-manager/donation-manager-search.php',
      ],
      stubs: ROUTE_STUBS,
    },
  );
  for (const [name, html] of Object.entries(JSON.parse(output) as Record<string, string>))
    filled.set(name, html);
});

describe.each(PRINTED_CASES)('the plugin’s printed search for $name ($about)', (printedCase) => {
  const { name, expected } = printedCase;

  test('prints the expected results region', () => {
    const region = regionOfParts(printed.get(name)?.parts as PrintedParts);
    if (expected === undefined) {
      writeFileSync(path.join(CASES_DIR, name, EXPECTED), laidOut(region));
      throw new Error(`${name}/${EXPECTED} was written from what the PHP prints: check it against the rules`);
    }
    expect(normalised(region)).toBe(normalised(expected));
  });

  test('carries for the island the answer the island’s rules read from the same response', () => {
    expect(printed.get(name)?.answer).toEqual(JSON.parse(JSON.stringify(caseAnswer(printedCase))));
  });
});

describe.each(PRINTED_CASES)(
  'Donation Manager’s form filled by the plugin for $name ($about)',
  (printedCase) => {
    const { name, donationManagerExpected } = printedCase;

    test('prints the expected form and results where Donation Manager’s markup has them', () => {
      const { region } = regionOfDonationManager(filled.get(name) ?? '');
      if (donationManagerExpected === undefined) {
        writeFileSync(path.join(CASES_DIR, name, DONATION_MANAGER_EXPECTED), laidOut(region));
        throw new Error(
          `${name}/${DONATION_MANAGER_EXPECTED} was written from what the PHP prints: check it against the rules`,
        );
      }
      expect(normalised(region)).toBe(normalised(donationManagerExpected));
    });

    test('carries in the form for the island the answer the island’s rules read from the same response', () => {
      expect(regionOfDonationManager(filled.get(name) ?? '').answer).toEqual(
        JSON.parse(JSON.stringify(caseAnswer(printedCase))),
      );
    });
  },
);
