/**
 * Pastes island snippets into a page's `<main>` after load, each in a new `<section>`, as a page builder
 * inserts a popup or an ajax-loaded part: the loader's MutationObserver must find and mount them.
 * Plain JavaScript so that both the tests and `npm run bench` (plain Node) can use it.
 * @param {import('playwright-core').Page} page
 * @param {string[]} snippets the islands' markup.html texts
 * @param {Record<string, string>} [attributes] set on every new section (an id, a class)
 */
export async function pasteMarkup(page, snippets, attributes = {}) {
  await page.evaluate(
    ([htmls, attrs]) => {
      for (const html of htmls) {
        const section = document.createElement('section');
        for (const [name, value] of Object.entries(attrs)) section.setAttribute(name, value);
        section.innerHTML = html;
        document.querySelector('main')?.append(section);
      }
    },
    [snippets, attributes],
  );
}
