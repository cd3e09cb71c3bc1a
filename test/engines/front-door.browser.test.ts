import { expect, it } from 'vitest';
import { describeEngines } from './suite.ts';

describeEngines('the harness', (suite) => {
  it('records every request of the page and lets none leave the machine', async () => {
    suite.door.serve(
      '/outside/',
      'text/html',
      '<!doctype html><html lang="en"><head><title>Outside</title></head><body><img alt="" src="http://tiles.example/a.png"><img alt="" src="https://tiles.example/b.png"></body></html>',
    );
    const before = suite.door.requests.length;
    const page = await suite.open('/outside/');
    await page.waitFor(() => [...document.images].every((image) => image.complete));
    const requests = suite.door.requests.slice(before).map(({ url, blocked }) => `${url}|${blocked}`);
    expect(requests).toContain(`${suite.door.url}/outside/|false`);
    expect(requests).toContain('http://tiles.example/a.png|true');
    // WebKitGTK's WebDriver sends no HTTPS through the proxy (it reaches no network either: the image fails).
    if (suite.engine !== 'webkit') expect(requests).toContain('https://tiles.example/b.png|true');
    expect(await page.evaluate(() => [...document.images].map((image) => image.naturalWidth))).toEqual([
      0, 0,
    ]);
    expect(await page.problems()).toEqual([]);
  });
});
