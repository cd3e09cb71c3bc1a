import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { EnginePage } from '../../test/engines/engine-page.ts';
import { describeEngines } from '../../test/engines/suite.ts';

// The priority alert's snippet with its host attribute under another name: an element that is not a
// host until a script gives it `data-island`.
const notYetAHost = readFileSync(
  new URL('../../widgets/priority-alert/markup.html', import.meta.url),
  'utf8',
).replace(' data-island="priority-alert">', ' id="later">');

/** The trigger's `aria-expanded`: "false" once the island has mounted, null once it is disposed. */
const expanded = (page: EnginePage) =>
  page.evaluate(() => document.querySelector('#later [data-priority-open]')?.getAttribute('aria-expanded'));

describeEngines('a host made or unmade by an attribute change', (suite) => {
  it('mounts on setAttribute("data-island") and is disposed on removeAttribute', async () => {
    const page = await suite.open('/about/');
    // The loader's first scan is over once its global is set: from then on only its observer mounts.
    await page.waitFor(() => window.donationWidgets !== undefined);
    await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), notYetAHost);
    expect(await page.evaluate(() => document.getElementById('later') !== null)).toBe(true);

    await page.evaluate(() =>
      document.getElementById('later')?.setAttribute('data-island', 'priority-alert'),
    );
    await page.waitFor(() => document.querySelector('#later [aria-expanded="false"]'));
    await page.click('#later [data-priority-open]');
    await page.waitFor(() => document.querySelector('#later [aria-expanded="true"]'));

    await page.evaluate(() => document.getElementById('later')?.removeAttribute('data-island'));
    // Disposed: the island gives the trigger its own attributes back and the note its hidden state.
    await page.waitFor(
      () => !document.querySelector('#later [data-priority-open]')?.hasAttribute('aria-expanded'),
    );
    expect(await expanded(page)).toBeNull();
    expect(
      await page.evaluate(() => document.querySelector<HTMLElement>('#later .priority-note')?.hidden),
    ).toBe(true);
    expect(await page.problems()).toEqual([]);
  });
});
