/**
 * Texts a site can translate, in a real WordPress: with a French .mo for the plugin's text domain in its
 * languages/ folder and the site speaking French, the printed markup and what the islands show after a
 * search are French; without a translation, the English is exactly today's.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { moFile } from './mo-file.ts';
import { readConfig } from './search.ts';
import { describeWordPress, pageWith, useWordPress } from './wordpress-suite.ts';

const FOUND = [
  'Found {count} donation within {radius} miles of {zipcode} in the last {days} days.',
  'Found {count} donations within {radius} miles of {zipcode} in the last {days} days.',
].join('\0');

const FRENCH = moFile({
  'Before we schedule your pick-up': 'Avant de planifier votre enlèvement',
  'Send my answers': 'Envoyer mes réponses',
  'Read the priority note': 'Lire la note <prioritaire>',
  'Zip code': 'Code postal',
  Search: 'Chercher',
  Title: 'Titre',
  [FOUND]: [
    '{count} don trouvé à {radius} milles de {zipcode} ces {days} derniers jours.',
    '{count} dons trouvés à {radius} milles de {zipcode} ces {days} derniers jours.',
  ],
});
const MO = "WP_PLUGIN_DIR . '/donation-widgets/languages/donation-widgets-fr_FR.mo'";

/** The results sentence after a search for `zipcode`, in whatever words the page uses for its button and field. */
async function searchFor(page: Page, zipcode: string, field: string, button: string) {
  await page.getByLabel(field).fill(zipcode);
  await page.getByRole('button', { name: button }).click();
  const alert = page.locator('.alert-donors');
  await alert.waitFor({ state: 'visible' });
  return (await alert.innerText()).trim();
}

describeWordPress('texts a site can translate', () => {
  const wp = useWordPress();
  let path = '';

  beforeAll(async () => {
    path = await pageWith(
      wp.php,
      'translated-islands',
      [
        '[donation_widget island="screening-questions" /]',
        '[donation_widget island="priority-alert" /]',
        '[donation_widget island="donors-search" /]',
      ].join('\n'),
    );
    await wp.php(`file_put_contents( ${MO}, base64_decode( '${FRENCH.toString('base64')}' ) );`);
  });
  afterAll(async () => {
    await wp.php(`wp_delete_file( ${MO} );`);
  });

  it('shows the printed markup and the search in the site’s language, from the plugin’s languages/ folder', async () => {
    const { page, pageErrors } = await wp.open(path, { fixture: ['french'] });
    expect(await page.getAttribute('html', 'lang')).toBe('fr-FR');
    // Printed by PHP: the markup's texts, translated as text.
    await expect
      .poll(() => page.locator('form[name="screening-questions"] h2').innerText())
      .toBe('Avant de planifier votre enlèvement');
    expect(await page.getByRole('button', { name: 'Envoyer mes réponses' }).count()).toBe(1);
    expect(await page.locator('[data-priority-open]').innerText()).toBe('Lire la note <prioritaire>');
    // Read by the island from the page config: only what French words otherwise.
    const [config] = await readConfig(page);
    expect(config.texts['donors-search']).toMatchObject({ zipcodeLabel: 'Code postal', search: 'Chercher' });
    expect(config.texts['donors-search']).not.toHaveProperty('working');

    const sentence = await searchFor(page, '10001', 'Code postal', 'Chercher');
    expect(sentence).toMatch(/^\d+ dons trouvés à 15 milles de 10001 ces 30 derniers jours\.$/);
    expect(await page.locator('#donors-in-your-area-table thead th').allInnerTexts()).toEqual([
      'Number',
      'Titre',
      'Code postal',
      'Date',
    ]);
    expect(pageErrors).toEqual([]);
  });

  it('keeps today’s English, with no texts in the page config, when the site has no translation', async () => {
    const { page } = await wp.open(path);
    const [config] = await readConfig(page);
    expect(config).not.toHaveProperty('texts');
    expect(await page.locator('form[name="screening-questions"] h2').innerText()).toBe(
      'Before we schedule your pick-up',
    );
    expect(await page.locator('[data-priority-open]').innerText()).toBe('Read the priority note');
    const sentence = await searchFor(page, '10001', 'Zip code', 'Search');
    expect(sentence).toMatch(/^Found \d+ donations within 15 miles of 10001 in the last 30 days\.$/);
    expect(await page.locator('#donors-in-your-area-table thead th').allInnerTexts()).toEqual([
      'Number',
      'Title',
      'Zip code',
      'Date',
    ]);
  });
});
