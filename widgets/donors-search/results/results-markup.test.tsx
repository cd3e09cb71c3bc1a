import { readFileSync } from 'node:fs';
import { render } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SEARCH_TEXT_DEFAULTS } from '../english-texts.js';
import type { Donation } from '../search/donation.ts';
import { FIRST_COPY_IDS } from '../search-ids.ts';
import { DEFAULT_SITE_DATES } from './php-date.js';
import { ResultsAlert } from './results-alert.tsx';
import { PAGE_SIZE, printedSentence, printedTable, resultsParts } from './results-markup.js';
import { ResultsTable } from './results-table.tsx';

const parts = resultsParts(readFileSync(`${import.meta.dirname}/../results.html`, 'utf8'));

/** One answer's donations: a page and a few more, so the pager shows; values that need escaping among them. */
const DONATIONS: Donation[] = Array.from({ length: PAGE_SIZE + 5 }, (_, index) => ({
  number: String(index + 1),
  title: index === 0 ? 'Table <b>oak</b> & "chairs"' : `Sofa ${index}`,
  zipcode: '60601',
  date: index === 1 ? 'sometime' : `2026-11-${String((index % 28) + 1).padStart(2, '0')} 14:05:00`,
}));

/** Markup as a fragment's nodes, the printed buttons' `disabled` taken off: the island enables them. */
function nodes(html: string, enable = false): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  if (enable)
    for (const button of template.content.querySelectorAll('button')) button.removeAttribute('disabled');
  template.content.normalize();
  return template.content;
}

describe('one results markup for the page and the island', () => {
  test('the table the page prints is the table the island renders, but for its buttons waiting', () => {
    const printed = printedTable(parts, {
      id: FIRST_COPY_IDS.table,
      donations: DONATIONS,
      texts: SEARCH_TEXT_DEFAULTS,
      site: DEFAULT_SITE_DATES,
    });
    const rendered = renderToStaticMarkup(
      <ResultsTable
        id={FIRST_COPY_IDS.table}
        donations={DONATIONS}
        chosen={new Set()}
        showRow={undefined}
        onChooseRow={() => {}}
      />,
    );
    expect(nodes(printed).querySelectorAll('button:not([disabled])')).toHaveLength(0);
    expect(nodes(printed, true).isEqualNode(nodes(rendered))).toBe(true);
    // The same markup, escaped: the title is text in both.
    expect(printed).toContain('Table &lt;b&gt;oak&lt;/b&gt; &amp; &quot;chairs&quot;');
  });

  test('the results sentence the page prints is the one the island renders', () => {
    const query = { zipcode: '60601', radius: '30', days: '90' };
    const region = document.createElement('div');
    render(
      <ResultsAlert
        ids={FIRST_COPY_IDS}
        state={{
          status: 'results',
          requestId: 1,
          query,
          results: { center: { lat: 0, lng: 0 }, donations: DONATIONS, countsByZip: new Map() },
        }}
        region={region}
      />,
    );
    const printed = printedSentence(parts, SEARCH_TEXT_DEFAULTS.found[2], {
      count: { id: FIRST_COPY_IDS.count, value: '105' },
      radius: { id: FIRST_COPY_IDS.radiusShown, value: query.radius },
      zipcode: { id: FIRST_COPY_IDS.zipcodeShown, value: query.zipcode },
      days: { id: FIRST_COPY_IDS.daysShown, value: query.days },
    });
    const sentence = region.querySelector('.alert-donors > p') as Element;
    expect(nodes(printed).isEqualNode(nodes(sentence.outerHTML))).toBe(true);
  });
});
