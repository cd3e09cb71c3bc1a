/** What a site admin does in wp-admin, done through the real screens in a browser. */
import type { BrowserContext, Page } from 'playwright-core';
import { ADMIN } from './wordpress-server.ts';

/** Settings → Donation widgets. */
export const SETTINGS = '/wp-admin/options-general.php?page=donation-widgets';

/** Logs the context in through wp-login.php, as the admin unless another user is given. */
export async function logIn(
  context: BrowserContext,
  url: string,
  { user, password }: { user: string; password: string } = ADMIN,
): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${url}/wp-login.php`);
  await page.fill('#user_login', user);
  await page.fill('#user_pass', password);
  // Logged in once wp-admin answers the login's redirect (its cookies are set by then). The dashboard's
  // own load is not waited for: with three sites starting at once on two cores it took over 30 s.
  await Promise.all([page.waitForURL(/\/wp-admin\//, { waitUntil: 'commit' }), page.click('#wp-submit')]);
  await page.close();
}

/** Plugins → Add New → Upload Plugin with the zip, then Activate Plugin on the screen that follows. */
export async function uploadAndActivate(page: Page, url: string, zip: string): Promise<void> {
  await page.goto(`${url}/wp-admin/plugin-install.php?tab=upload`);
  await page.setInputFiles('#pluginzip', zip);
  await Promise.all([
    page.waitForURL(/update\.php\?action=upload-plugin/),
    page.click('#install-plugin-submit'),
  ]);
  const activate = page.getByRole('link', { name: 'Activate Plugin' });
  if ((await activate.count()) === 0) {
    throw new Error(`the upload was not installed: ${await page.locator('.wrap').innerText()}`);
  }
  await Promise.all([page.waitForURL(/plugins\.php/), activate.click()]);
  await page.locator('#message', { hasText: 'Plugin activated.' }).waitFor();
}

/** The row of our plugin on the Plugins screen. */
export const pluginRow = (page: Page) => page.locator('tr[data-slug="donation-widgets"]');

/**
 * Fills fields of Settings → Donation widgets on `page` by label (a select by its value), saves, and
 * waits for the screen that follows the save.
 */
export async function saveSettings(page: Page, fields: Record<string, string>): Promise<Page> {
  for (const [label, value] of Object.entries(fields)) {
    const field = page.getByLabel(label, { exact: true });
    if ((await field.evaluate((e) => e.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
  await Promise.all([
    page.waitForURL(/settings-updated=true/),
    page.getByRole('button', { name: 'Save Changes' }).click(),
  ]);
  return page;
}
