/**
 * The plugin's printed search against the shared cases (widgets/donors-search/printed-cases/), without a
 * WordPress: for each case's answer of the route, the PHP reads it as it reads the route's output
 * (includes/search-route.php), prints its parts (includes/printed-search.php) from the markup the build
 * writes into markup/islands.json, and the region they make must be the case's expected.html. A case
 * without one gets it written from what the PHP prints, and fails until a person has checked it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CASES_DIR,
  caseAnswer,
  EXPECTED,
  laidOut,
  normalised,
  PRINTED_CASES,
  type PrintedParts,
  regionOfParts,
} from '../../widgets/donors-search/printed-cases/printed-cases.ts';
import { islandTemplates } from '../build/island-templates.mjs';
import { runPhp } from './php-cli.ts';

interface Printed {
  parts: PrintedParts;
  /** The answer as the page carries it for the island (JSON). */
  answer: unknown;
}

const printed = new Map<string, Printed>();

beforeAll(() => {
  // The plugin folder as the build leaves it: markup/islands.json written from the islands' files now.
  const plugin = mkdtempSync(path.join(tmpdir(), 'printed-cases-'));
  mkdirSync(path.join(plugin, 'markup'));
  writeFileSync(
    path.join(plugin, 'markup/islands.json'),
    JSON.stringify(islandTemplates(path.join(import.meta.dirname, '../..'))),
  );
  const cases = PRINTED_CASES.map(({ name, query, status, text, site }) => ({
    name,
    query,
    status,
    text,
    options: { date_format: site.dateFormat, time_format: site.timeFormat },
  }));
  try {
    const output = runPhp(
      `$printed = array();
      foreach ( json_decode( ${JSON.stringify(JSON.stringify(cases))}, true ) as $case ) {
        $options = $case['options'];
        // As the route's output is read when it ends through wp_send_json() (includes/search-route.php).
        $answer = array( 'query' => $case['query'] ) + donation_widgets_json_answer( donation_widgets_json_tail( $case['text'] ), $case['status'] );
        $printed[ $case['name'] ] = array(
          'parts'  => donation_widgets_printed_search_parts( $answer, donation_widgets_texts()['donors-search'], '' ),
          'answer' => $answer,
        );
      }
      echo json_encode( $printed );`,
      {
        pluginDir: plugin,
        requires: [
          'translations.php',
          'island-render.php',
          'search-route.php',
          'search-answer.php',
          'search-table.php',
          'printed-search.php',
        ],
      },
    );
    for (const [name, result] of Object.entries(JSON.parse(output) as Record<string, Printed>))
      printed.set(name, result);
  } finally {
    rmSync(plugin, { recursive: true });
  }
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
