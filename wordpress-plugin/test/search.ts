/** Searching like a visitor on a WordPress page, and reading what the page shows. */
import type { Page } from 'playwright-core';

export async function search(page: Page, zipcode: string) {
  await page.getByLabel('Zip code').fill(zipcode);
  await page.getByRole('button', { name: 'Search' }).click();
}

/** How the search ended: `results` when the results alert shows, else the status area's error text. */
export async function outcome(page: Page): Promise<string> {
  await page.waitForFunction(() => {
    const results = document.querySelector<HTMLElement>('.alert-donors');
    const status = document.querySelector('.alert-before')?.textContent ?? '';
    return (results !== null && results.offsetParent !== null) || status.includes('ERROR:');
  });
  if (await page.locator('.alert-donors').isVisible()) return 'results';
  return (await page.locator('.alert-before').innerText()).trim();
}

export const tableRows = (page: Page) =>
  page.$$eval('#donors-in-your-area-table tbody tr', (rows) =>
    rows.map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent)),
  );

/** The page config the page carries, parsed. */
export const readConfig = (page: Page) =>
  page.$$eval('script#donation-widgets-config', (elements) =>
    elements.map((e) => JSON.parse(e.textContent ?? '')),
  );
