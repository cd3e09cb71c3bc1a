/**
 * Serves a demo page with an island's snippet pasted twice, one copy after the other, as an admin who
 * pastes the same HTML block twice would: both copies are in the page's HTML from the start.
 */
import { readFile } from 'node:fs/promises';
import type { BrowserContext } from 'playwright-core';

export async function serveTwice(context: BrowserContext, pagePath: string, island: string) {
  const snippet = await readFile(new URL(`../widgets/${island}/markup.html`, import.meta.url), 'utf8');
  await context.route(
    (url) => url.pathname === pagePath,
    async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (!body.includes(snippet)) throw new Error(`${pagePath} does not carry ${island}'s markup.html`);
      await route.fulfill({ response, body: body.replace(snippet, `${snippet}\n${snippet}`) });
    },
  );
}
