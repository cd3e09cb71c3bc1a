// The texts of the markup the plugin prints, for WordPress's translations: every text node of each
// island's template and inner markup (markup/islands.json), and every attribute that holds words
// (TEXT_ATTRIBUTE), written into markup/texts.php as literal __() calls, so translation tools (and
// make-pot.mjs) find them, with the text exactly as the template holds it, which
// includes/translations.php replaces by its translation. Works for any markup.html: nothing here names
// an island's texts.
import { JSDOM } from 'jsdom';

const SKIPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE']);
/** A text that is only a placeholder the plugin fills (`%%content%%`, `%%options:radius-options:radius%%`). */
const PLACEHOLDER = /^%%[\w:-]+%%$/;
/** Attributes whose value visitors read or hear; a `data-…-text` attribute is an island's words for later. */
const TEXT_ATTRIBUTE = /^(aria-label|aria-description|title|alt|placeholder|data-[\w-]+-text)$/;

/**
 * The texts of one piece of markup: `raw`, the text node or attribute value as serialized in the markup
 * (entities and whitespace included), `text`, what a translator sees (entities read, whitespace
 * collapsed), and for an attribute its name.
 * @param {string} markup
 * @returns {{ raw: string, text: string, attribute?: string }[]}
 */
export function textsOf(markup) {
  const { document, NodeFilter } = new JSDOM(`<body>${markup}</body>`).window;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  const found = [];
  const holder = document.createElement('p');
  const words = (value) => value.replace(/\s+/g, ' ').trim();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === node.ELEMENT_NODE) {
      for (const { name, value } of node.attributes) {
        if (!TEXT_ATTRIBUTE.test(name) || !words(value) || PLACEHOLDER.test(words(value))) continue;
        const copy = document.createElement('p');
        copy.setAttribute(name, value);
        found.push({
          raw: /="(.*)"/s.exec(copy.outerHTML)?.[1] ?? value,
          text: words(value),
          attribute: name,
        });
      }
      continue;
    }
    const text = words(node.textContent ?? '');
    if (!text || PLACEHOLDER.test(text) || SKIPPED.has(node.parentElement?.tagName ?? '')) continue;
    holder.replaceChildren(node.cloneNode());
    found.push({ raw: holder.innerHTML, text });
  }
  return found;
}

/**
 * Each island's texts, template first, then inner markup and its option templates, each text once.
 * @param {Record<string, { html: string, content: string, options?: Record<string, string> }>} templates as islandTemplates() gives them
 * @returns {Record<string, { raw: string, text: string }[]>}
 */
export function markupTexts(templates) {
  return Object.fromEntries(
    Object.entries(templates).map(([name, { html, content, options = {} }]) => {
      const seen = new Set();
      // An option template's words keep its placeholder: '%%option%% miles' is printed as '15 miles'.
      const optionTexts = Object.values(options).flatMap(textsOf);
      const texts = [...textsOf(html), ...textsOf(content), ...optionTexts].filter(
        ({ raw, attribute = '' }) => {
          const key = `${attribute}\0${raw}`;
          return !seen.has(key) && seen.add(key);
        },
      );
      return [name, texts];
    }),
  );
}

/** A PHP single-quoted string literal. */
const php = (text) => `'${text.replace(/[\\']/g, '\\$&')}'`;

/**
 * markup/texts.php: for each island, `array( raw, English, translation, attribute )` per text (the
 * attribute '' for a text node).
 * @param {Record<string, { html: string, content: string }>} templates
 */
export function markupTextsPhp(templates) {
  const islands = Object.entries(markupTexts(templates)).map(([name, texts]) => {
    const rows = texts.map(
      ({ raw, text, attribute = '' }) =>
        `\t\tarray( ${php(raw)}, ${php(text)}, /* translators: a text of the ${name} island's printed markup${text.includes('%%option%%') ? '; keep %%option%%, one of its choices' : ''}. */ __( ${php(text)}, 'donation-widgets' ), ${php(attribute)} ),\n`,
    );
    return `\t${php(name)} => array(\n${rows.join('')}\t),\n`;
  });
  return `<?php
/**
 * Generated from the islands' markup.html by wordpress-plugin/build/markup-texts-php.mjs when the plugin
 * is built: each text of the printed markup, as the markup holds it, in English and in this site's
 * language.
 *
 * @package DonationWidgets
 */

defined( 'ABSPATH' ) || exit;

return array(
${islands.join('')});
`;
}
