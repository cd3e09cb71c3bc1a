import { expect, it } from 'vitest';
import { describeEngines } from '../../test/engines/suite.ts';
import {
  SEARCH_PAGE,
  textOf,
  waitForResults,
  withConfig,
} from '../../test/support/donors-search/search-page.ts';

/** A site in French, as the WordPress plugin prints its translations into the page config. */
const FRENCH = withConfig(SEARCH_PAGE, {
  texts: {
    'donors-search': {
      // What WordPress's _n() gives in French for the counts the plugin asks about: the demo's page is
      // English, so 0 and 2 onwards take the second form there, 1 the first.
      found: {
        0: '{count} dons trouvés à {radius} milles de {zipcode} ces {days} derniers jours.',
        1: '{count} don trouvé à {radius} milles de {zipcode} ces {days} derniers jours.',
        2: '{count} dons trouvés à {radius} milles de {zipcode} ces {days} derniers jours.',
      },
      // A translation that lost a placeholder is refused, and the English shown.
      columnTitle: 'Titre {oops}',
      pageCount: 'Dons {first} à {last} sur {total}',
    },
  },
});

describeEngines('donors-search in the site’s language', (suite) => {
  // The printed form comes in the site's language from the page itself (the plugin translates its
  // markup; the WordPress suite checks that): the demo prints it in English whatever the config says.
  it('says its results and pages its table in the words of the page config, as text', async () => {
    const page = await suite.open(FRENCH);
    await page.fill('#zipcode', '10001');
    await page.click('#donors-in-your-area button[type="submit"]');
    await waitForResults(page);
    expect(await textOf(page, '.alert-donors')).toMatch(
      /^\d+ dons trouvés à 15 milles de 10001 ces 30 derniers jours\.$/,
    );
    expect(await textOf(page, '#display_zipcode')).toBe('10001');
    expect(await textOf(page, '.donors-table-pages p')).toMatch(/^Dons 1 à 100 sur [\d,]+$/);
    expect(await textOf(page, '#donors-in-your-area-table thead th:nth-child(2)')).toBe('Title');
  });
});
