// @ts-check
/// <reference path="./jsdom.d.ts" />
import { JSDOM } from 'jsdom';

/*
 * How the printed search's shared cases compare markup (printed-cases.ts): plain JavaScript, since it
 * parses with jsdom in the Node tests as in the jsdom ones.
 */

/**
 * Markup as one serialisation reads it, whatever way it was written (entities, attribute quotes, the
 * order of attributes: Preact, which the island can be built on, writes them in another) and without the
 * whitespace between tags, so that expected.html can be laid out for reading: one element a line. With `live`, the buttons as the island renders them once it runs: the page prints them disabled,
 * since without JavaScript they could do nothing, and the island enables them; that is the one way the
 * island's render legitimately differs from the printed search.
 * @param {string} html
 * @param {{ live?: boolean }} [options]
 */
export function normalised(html, { live = false } = {}) {
  const { document } = new JSDOM('').window;
  const template = document.createElement('template');
  template.innerHTML = html.replace(/>\s+</g, '><').trim();
  for (const element of template.content.querySelectorAll('*')) {
    const attributes = [...element.attributes].sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const { name } of attributes) element.removeAttribute(name);
    for (const { name, value } of attributes) element.setAttribute(name, value);
  }
  if (live)
    for (const button of template.content.querySelectorAll('button')) button.removeAttribute('disabled');
  return template.innerHTML;
}

/**
 * expected.html written from a region: one element a line, so a reader can check it against the rules.
 * @param {string} region
 */
export const laidOut = (region) =>
  `${normalised(region)
    .replace(/<(div|section|table|caption|thead|tbody|tr|nav|p)\b/g, '\n<$1')
    .replace(/^\n/, '')}\n`;
