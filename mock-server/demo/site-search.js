/**
 * The site search results page (WordPress's /?s=…). The query may arrive in any of the parameters
 * the conversion tracker reads, so the demo accepts them all.
 */
import { html } from '../lib/html.js';

export const SEARCH_PARAMS = ['s', 'q', 'search', 'query', 'keyword'];

const PAGES = [
  {
    title: 'Schedule a pick-up',
    href: '/#screening',
    excerpt: 'Answer a few questions and we collect your sofa, dresser or boxes of clothes.',
  },
  {
    title: 'Donors in your area',
    href: '/#donors-in-your-area-section',
    excerpt: 'Recent donations near your zip code, on a map.',
  },
  {
    title: 'Become a pick-up provider',
    href: '/sign-up/',
    excerpt: 'Trucks and drivers who collect furniture and household goods.',
  },
  { title: 'About us', href: '/about/', excerpt: 'Why we pick up donations and where they go.' },
  {
    title: 'What we take',
    href: '/#what-we-take',
    excerpt: 'Furniture, clothes, kitchen items, toys, books and small appliances.',
  },
];

/**
 * @param {Record<string, unknown>} query the request's parsed query
 * @returns {string | undefined} the search text, when the request is a site search
 */
export function siteSearchText(query) {
  for (const name of SEARCH_PARAMS) {
    const value = query[name];
    const text = Array.isArray(value) ? value[0] : value;
    if (typeof text === 'string') return text;
  }
  return undefined;
}

/** @param {string} text */
export function siteSearchContent(text) {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const found = PAGES.filter((page) =>
    words.some((word) => `${page.title} ${page.excerpt}`.toLowerCase().includes(word)),
  );
  return html`<h1>Search results for “${text}”</h1>
<form class="search-form" role="search" method="get" action="/">
  <label for="search-text">Search the site</label>
  <input type="search" id="search-text" name="s" value="${text}">
  <button type="submit">Search</button>
</form>
${
  found.length > 0
    ? html`<ul class="search-results">
  ${found.map((page) => html`<li><h2><a href="${page.href}">${page.title}</a></h2><p>${page.excerpt}</p></li>`)}
</ul>`
    : html`<p>Nothing matched “${text}”. Try another word, such as sofa or clothes.</p>`
}`;
}
