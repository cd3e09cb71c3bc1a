// Turns each island's widgets/<name>/markup.html into the template the plugin prints (shortcode and
// blocks alike), so the plugin never carries a second, hand-written copy of the markup. What an admin
// may set on the host comes from the manifest's `attributes` (widgets/islands.js), never from the file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { ISLANDS } from '../widgets/islands.js';

const ATTRIBUTES = '%%attributes%%';
const CONTENT = '%%content%%';
const MARKER = 'data-donation-widgets-attributes';

/** Islands an admin places (found by a selector; the others are page-wide and have no markup to place). */
export const placeableIslands = () => ISLANDS.filter(({ host }) => 'selector' in host);

/**
 * @param {string} html the markup.html file
 * @param {string} selector how the island finds its host
 * @param {Readonly<Record<string, { html: string }>>} attributes the island's settable attributes, from the manifest
 * @returns {{ html: string, content: string }} the host with %%attributes%% where the settable attributes go
 *   and %%content%% where its inner markup goes, and that inner markup
 */
export function markupTemplate(html, selector, attributes) {
  const { document } = new JSDOM(`<body>${html}</body>`).window;
  const host = document.body.querySelector(selector);
  if (!host) throw new Error(`no element matches ${selector}`);
  const settable = new Set(Object.values(attributes).map((attribute) => attribute.html));
  for (const { name } of [...host.attributes]) {
    if (settable.has(name)) host.removeAttribute(name);
    // A data-* value in the file that the manifest does not declare could be neither set nor documented.
    else if (name.startsWith('data-') && name !== 'data-island')
      throw new Error(`${selector} has ${name}, which the manifest's attributes do not declare`);
  }
  const content = host.innerHTML.trim();
  host.innerHTML = CONTENT;
  host.setAttribute(MARKER, '');
  const template = host.outerHTML.replace(` ${MARKER}=""`, ATTRIBUTES);
  if (!template.includes(ATTRIBUTES) || template.split(CONTENT).length !== 2)
    throw new Error(`the template for ${selector} lost a placeholder`);
  return { html: template, content };
}

/**
 * Every placeable island, keyed by name, as the plugin's markup/islands.json holds it: its label, the
 * template and inner markup of its markup.html, and its attributes as the manifest declares them.
 * @param {string} root the repository's root
 */
export function islandTemplates(root) {
  return Object.fromEntries(
    placeableIslands().map(({ name, label, host, attributes = {} }) => {
      const file = readFileSync(path.join(root, 'widgets', name, 'markup.html'), 'utf8');
      const selector = 'selector' in host ? host.selector : '';
      return [name, { label, ...markupTemplate(file, selector, attributes), attributes }];
    }),
  );
}
