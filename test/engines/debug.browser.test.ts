import { it } from 'vitest';
import { describeEngines } from './suite.ts';

describeEngines('debug', (suite) => {
  it('x', { timeout: 90_000 }, async () => {
    if (suite.engine !== 'firefox') return;
    const t0 = Date.now();
    const log = (m: string) => console.log(Date.now() - t0, m);
    const page = await suite.open('/');
    log('opened');
    await page.waitFor(() => (window as any).__harnessListening?.includes('submit'));
    log('ready');
    await page.click('button[name=screening_submit]');
    log('clicked');
    await page.waitForUrl(/\/thank-you\//);
    log('thank you');
    await page.back().catch((e) => log(String(e).slice(0, 300)));
    log('back');
    await page.waitForUrl(/\/$/).catch((e) => log(String(e).slice(0, 300)));
    log('url ' + (await page.url()));
    log(
      JSON.stringify(
        await page.evaluate(() => [(window as any).__harnessShows, document.readyState, location.href]),
      ),
    );
  });
});
