/**
 * The island's side of the printed search against the shared cases (README.md beside this file): for
 * each case's answer of the route, what the demo's filler prints (results/printed-search-parts.js) and
 * what the island renders when it takes that answer over (its status area, results alert and table,
 * from the state search/printed-search.ts reads) are the case's expected.html.
 */
import { readFileSync } from 'node:fs';
import { render } from '@testing-library/react';
import { SEARCH_TEXT_DEFAULTS } from '../english-texts.js';
import { printedSearchParts } from '../results/printed-search-parts.js';
import { ResultsAlert } from '../results/results-alert.tsx';
import { resultsParts } from '../results/results-markup.js';
import { ResultsTable } from '../results/results-table.tsx';
import { stateOfAnswer } from '../search/printed-search.ts';
import { StatusArea } from '../search/status-area.tsx';
import { FIRST_COPY_IDS } from '../search-ids.ts';
import { SearchWordsContext, searchWords } from '../search-words.ts';
import {
  caseAnswer,
  normalised,
  PRINTED_CASES,
  type PrintedCase,
  regionOfPage,
  regionOfParts,
} from './printed-cases.ts';

const parts = resultsParts(readFileSync(`${import.meta.dirname}/../results.html`, 'utf8'));

/** The case's results region as the island renders it, its parts placed as DonorsSearch places them. */
function islandRegion(printedCase: PrintedCase): string {
  const state = stateOfAnswer(caseAnswer(printedCase), SEARCH_TEXT_DEFAULTS);
  const page = document.createElement('div');
  const status = document.createElement('div');
  status.className = 'alert-before';
  const results = document.createElement('div');
  const table = document.createElement('div');
  page.append(status, results, table);
  document.body.append(page);
  render(
    <SearchWordsContext.Provider value={searchWords(SEARCH_TEXT_DEFAULTS, 'en', printedCase.site)}>
      <StatusArea state={state} area={status} />
      <ResultsAlert ids={FIRST_COPY_IDS} state={state} region={results} />
      {/* As donors-search.tsx renders it: no table when nothing was found. */}
      {state.status === 'results' && state.results.donations.length > 0 && (
        <ResultsTable
          id={FIRST_COPY_IDS.table}
          donations={state.results.donations}
          chosen={new Set()}
          showRow={undefined}
          onChooseRow={() => {}}
        />
      )}
    </SearchWordsContext.Provider>,
    { container: table },
  );
  return regionOfPage(page);
}

describe.each(PRINTED_CASES)('the printed search for $name ($about)', (printedCase) => {
  const { expected = '' } = printedCase;

  test('the demo’s filler prints the expected results region', () => {
    const printed = printedSearchParts(parts, caseAnswer(printedCase), {
      texts: SEARCH_TEXT_DEFAULTS,
      site: printedCase.site,
      suffix: '',
    });
    expect(normalised(regionOfParts(printed))).toBe(normalised(expected));
  });

  test('the island renders the same region once it runs, its buttons enabled', () => {
    expect(normalised(islandRegion(printedCase))).toBe(normalised(expected, { live: true }));
  });
});
