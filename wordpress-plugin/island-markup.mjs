// Turns each island's widgets/<name>/markup.html into the template the shortcode prints, so the
// plugin never carries a second, hand-written copy of the markup.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { ISLANDS } from '../widgets/islands.js';

const ATTRIBUTES = '%%attributes%%';
const CONTENT = '%%content%%';
const MARKER = 'data-donation-widgets-attributes';

/** Islands found by a selector (the others are page-wide and have no markup to place), from the manifest. */
const islandSelectors = () =>
  ISLANDS.flatMap(({ name, host }) => ('selector' in host ? [{ name, selector: host.selector }] : []));

/**
 * The host attributes an admin may set: the host's data-* attributes in the markup, with their values
 * as defaults, plus those its leading comment lists as optional (`  data-zipcode   a zip code …`),
 * empty by default. A value pointing at the demo site's own files (a path) is no default for a real site.
 */
function hostAttributes(host, comment) {
  const attributes = {};
  for (const { name, value } of [...host.attributes]) {
    if (!name.startsWith('data-') || name === 'data-island') continue;
    attributes[name.slice(5)] = value.startsWith('/') ? '' : value;
    host.removeAttribute(name);
  }
  for (const [, name] of comment.matchAll(/^\s+data-([a-z][a-z-]*)\s{2,}\S/gm)) {
    attributes[name] ??= '';
  }
  return attributes;
}

/**
 * @param {string} html the markup.html file
 * @param {string} selector how the island finds its host
 * @returns {{ html: string, attributes: Record<string, string>, content: string }}
 */
export function markupTemplate(html, selector) {
  const comment = html.match(/^\s*<!--([\s\S]*?)-->/)?.[1] ?? '';
  const { document } = new JSDOM(`<body>${html}</body>`).window;
  const host = document.body.querySelector(selector);
  if (!host) throw new Error(`no element matches ${selector}`);
  const attributes = hostAttributes(host, comment);
  const content = host.innerHTML.trim();
  host.innerHTML = CONTENT;
  host.setAttribute(MARKER, '');
  const template = host.outerHTML.replace(` ${MARKER}=""`, ATTRIBUTES);
  if (!template.includes(ATTRIBUTES) || template.split(CONTENT).length !== 2)
    throw new Error(`the template for ${selector} lost a placeholder`);
  return { html: template, attributes, content };
}

/** Every island with markup, keyed by name, as the plugin's markup/islands.json holds it. */
export function islandTemplates(root) {
  return Object.fromEntries(
    islandSelectors().map(({ name, selector }) => [
      name,
      markupTemplate(readFileSync(path.join(root, 'widgets', name, 'markup.html'), 'utf8'), selector),
    ]),
  );
}
