/** What a site admin does in wp-admin, done through the real screens in a browser. */
import type { BrowserContext, Page } from 'playwright-core';
import { ADMIN } from './wordpress-server.ts';

/** Settings → Donation widgets. */
export const SETTINGS = '/wp-admin/options-general.php?page=donation-widgets';

/**
 * Logs the context in through wp-login.php, as the admin unless another user is given: the login form's
 * own request, whose answer sets the auth cookies in the context. No page is opened: waiting for the
 * dashboard the login leads to outlasted 30 s with three sites starting at once on two cores, and
 * closing that page mid-load once hung a run.
 */
export async function logIn(
  context: BrowserContext,
  url: string,
  { user, password }: { user: string; password: string } = ADMIN,
): Promise<void> {
  const login = `${url}/wp-login.php`;
  // The form's page sets the cookie WordPress checks that cookies work.
  await context.request.get(login);
  const response = await context.request.post(login, {
    form: { log: user, pwd: password, 'wp-submit': 'Log In', testcookie: '1' },
    maxRedirects: 0,
  });
  const location = response.headers().location ?? '';
  if (response.status() !== 302 || !location.includes('/wp-admin/'))
    throw new Error(
      `${user} could not log in: ${response.status()} ${location || (await response.text()).slice(0, 300)}`,
    );
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
