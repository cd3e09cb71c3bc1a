import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeBrowser, useBrowserSuite } from '../../test/browser.ts';

const markup = readFileSync(`${import.meta.dirname}/markup.html`, 'utf8');

// Chromium only: the engine harness finds elements with document selectors, which stop at a shadow root
// (WebKit's WebDriver finds nothing inside one); Playwright's locators go through it.
describeBrowser('donors-search mounted in a shadow root, in Chromium', () => {
  const suite = useBrowserSuite();

  it('searches from a submit made before its code arrived, and styles its map, markers and table inside the shadow root, where the document’s styles do not reach', async () => {
    let submit = () => {};
    const submitted = new Promise<void>((resolve) => {
      submit = resolve;
    });
    const { page, pageErrors } = await suite.open('/about/', {
      // The intent strategy's chunk arrives only after the submit: the loader holds that submit and
      // sends it again, and an event dispatched in a shadow root has lost its target by then.
      before: async (context) => {
        await context.route('**/chunks/strategy-intent-*.js', async (route) => {
          await submitted;
          await route.continue();
        });
      },
    });
    await page.waitForFunction(() => window.donationWidgets !== undefined);
    // What docs/developing.md recommends for a page builder that renders into a shadow root.
    await page.evaluate((html) => {
      const holder = document.createElement('div');
      holder.id = 'shadow-holder';
      document.querySelector('main')?.append(holder);
      const root = holder.attachShadow({ mode: 'open' });
      root.innerHTML = html;
      window.donationWidgets?.mount(root);
    }, markup);
    const shadow = page.locator('#shadow-holder');
    await shadow.getByLabel('Zip code').fill('10001');
    await shadow.getByRole('button', { name: 'Search' }).click();
    submit();
    await shadow.locator('.alert-donors').waitFor({ state: 'visible' });
    const centre = shadow.locator('.donors-search-centre');
    await centre.waitFor();
    const looks = await shadow.evaluate((holder) => {
      const root = holder.shadowRoot as ShadowRoot;
      const style = (selector: string) => getComputedStyle(root.querySelector(selector) as Element);
      return {
        mapHeight: (root.querySelector('#map') as HTMLElement).getBoundingClientRect().height,
        tilePane: style('.leaflet-pane').position,
        centre: [style('.donors-search-centre').position, style('.donors-search-centre').borderRadius],
        table: style('table').borderCollapse,
      };
    });
    expect(looks.mapHeight).toBeGreaterThan(200);
    expect(looks.mapHeight).toBeLessThanOrEqual(420);
    expect(looks).toMatchObject({ tilePane: 'absolute', centre: ['absolute', '8px'], table: 'collapse' });
    expect(pageErrors).toEqual([]);
  });
});
