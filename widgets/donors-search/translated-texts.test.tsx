import { screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { createSearchMap, drawnPictures } from '../../test/support/donors-search/fake-search-map.ts';
import { renderSearch, statusLines, tableRows } from '../../test/support/donors-search/render-search.tsx';
import { item, searchHandler } from '../../test/support/donors-search/search-answers.ts';

vi.mock('./map/search-map.ts', () => import('../../test/support/donors-search/fake-search-map.ts'));

const server = setupServer(
  searchHandler((zip) => (zip === '10002' ? [item(1, zip)] : [item(1, zip), item(2, zip)])),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A site in French, as the WordPress plugin prints its translations into the page config. */
const FRENCH = {
  texts: {
    'donors-search': {
      zipcodeLabel: 'Code postal',
      radiusLabel: 'Dans un rayon de',
      radiusOption: '{radius} milles',
      daysOption: '{days} jours',
      search: 'Chercher',
      errorLine: 'ERREUR : {message} {advice}',
      tryAnotherSearch: 'Essayez une autre recherche.',
      zipHint: 'Le code postal doit avoir 5 chiffres.',
      // What WordPress's _n() gives in French (0 and 1 singular) for the counts the plugin asks about.
      found: {
        0: '{count} don trouvé à {radius} milles de {zipcode} ces {days} derniers jours.',
        2: '{count} dons trouvés à {radius} milles de {zipcode} ces {days} derniers jours.',
      },
      columnTitle: 'Titre',
      mapCenterTitle: 'Code postal cherché : {zipcode}',
      clusterTitle: { 0: 'Groupe de {count} don', 2: 'Groupe de {count} dons' },
      twoFingersHint: 'Utilisez deux doigts pour déplacer la carte',
      wheelHint: 'Utilisez {key} + molette pour zoomer',
      tableLabel: 'Dons récents près de chez vous',
    },
  },
};

async function searchAs(user: ReturnType<typeof renderSearch>['user'], zipcode: string) {
  const zip = screen.getByLabelText('Code postal');
  await user.clear(zip);
  await user.type(zip, zipcode);
  await user.click(screen.getByRole('button', { name: 'Chercher' }));
}

test('the form it builds, the table and a search’s results speak the site’s language; untranslated texts stay English', async () => {
  // Plural forms follow the page's language: in French 0 and 1 are singular.
  document.documentElement.lang = 'fr-FR';
  onTestFinished(() => document.documentElement.removeAttribute('lang'));
  // An empty host: the island builds the form (a printed form comes in the site's language from the plugin).
  const { user } = renderSearch(FRENCH, { printed: false });
  expect(
    within(screen.getByLabelText('Dans un rayon de'))
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['15 milles', '30 milles', '45 milles', '60 milles']);
  expect(screen.getByLabelText('In the last')).toHaveDisplayValue('30 jours');

  await searchAs(user, '10001');
  const alert = await screen.findByText(/dons trouvés/);
  expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
    'Number',
    'Titre',
    'Zip code',
    'Date',
  ]);
  expect(alert).toHaveTextContent('2 dons trouvés à 15 milles de 10001 ces 30 derniers jours.');
  // The values keep Donation Manager's markup's elements, whatever order the translation puts them in.
  expect(document.getElementById('display_count')).toHaveTextContent('2');
  expect(document.getElementById('display_zipcode')).toHaveTextContent('10001');
  expect(screen.getByRole('table', { name: 'Dons récents près de chez vous' })).toBeInTheDocument();
  expect(tableRows()).toHaveLength(2);
  // The map speaks it too: its centre's title, its hints and its clusters' titles.
  await waitFor(() => expect(drawnPictures()[0]?.centerTitle).toBe('Code postal cherché : 10001'));
  const texts = createSearchMap.mock.calls[0]?.[4] as {
    hints: unknown;
    clusterTitle: (count: number) => string;
  };
  expect(texts.hints).toEqual({
    twoFingers: 'Utilisez deux doigts pour déplacer la carte',
    wheel: 'Utilisez {key} + molette pour zoomer',
  });
  // Counts in the page's language: French groups thousands with a narrow space.
  expect(texts.clusterTitle(1234)).toBe('Groupe de 1\u202f234 dons');

  await searchAs(user, '10002');
  expect(await screen.findByText(/don trouvé/)).toHaveTextContent(
    '1 don trouvé à 15 milles de 10002 ces 30 derniers jours.',
  );
});

test('a failure’s line is the translated template around the translated message and advice', async () => {
  const { user } = renderSearch(FRENCH, { printed: false });
  await searchAs(user, '123');
  await screen.findByText(/ERREUR/);
  expect(statusLines()).toEqual([
    'ERREUR : Le code postal doit avoir 5 chiffres. Essayez une autre recherche.',
  ]);
});
