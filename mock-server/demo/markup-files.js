/**
 * The demo uses exactly the markup an admin pastes into WordPress: widgets/<name>/markup.html, read
 * on every request so an edit shows on the next reload.
 */
import { readFile } from 'node:fs/promises';
import { numberedAttributes } from '../../src/shared/copy-attributes.js';
import { idForCopy } from '../../src/shared/copy-numbers.js';
import { ISLANDS } from '../../widgets/islands.js';
import { html, trusted } from '../lib/html.js';

/** Every island, from the manifest the loader and the build read too: a demo page each. */
export { ISLANDS };

const widgetsDir = new URL('../../widgets/', import.meta.url);

/** A start tag of the markup (a `>` inside a quoted value too), or a comment, which is left as it is. */
const TAG = /<!--[\s\S]*?-->|<([a-z][^\s/>]*)(?:\s+[^\s=/>]+(?:="[^"]*")?)*\s*\/?>/gi;
/** An attribute of a start tag with its quoted value: the only kind the islands' markup files write. */
const ATTRIBUTE = /([^\s=/>]+)="([^"]*)"/g;

/**
 * The `copy`th copy (1, 2, …) of an island's markup on one page: for an island whose copies are numbered
 * (the manifest's `numberedCopies`), `-2`, `-3`, … after the first on every attribute the one rule of
 * src/shared/copy-attributes.js names (ids, labels' `for`, the names of visible fields named like their id),
 * as the plugin prints them and the island itself numbers them; any other island's markup is left as it is.
 * @param {string} name one of ISLANDS' names
 * @param {import('../lib/html.js').SafeHtml} markup what islandMarkup gave
 * @param {number} copy
 */
export function islandCopy(name, markup, copy) {
  const numbered = ISLANDS.find((island) => island.name === name)?.numberedCopies;
  if (!numbered || copy === 1) return markup;
  return trusted(
    String(markup).replace(TAG, (tag, localName) => {
      if (!localName) return tag;
      const values = new Map(
        [...tag.matchAll(ATTRIBUTE)].map(([, key, value]) => [key.toLowerCase(), value]),
      );
      const numbers = numberedAttributes({
        localName: localName.toLowerCase(),
        getAttribute: (key) => values.get(key) ?? null,
      });
      return tag.replace(ATTRIBUTE, (attribute, key, value) =>
        numbers.includes(key.toLowerCase()) ? `${key}="${idForCopy(value, copy)}"` : attribute,
      );
    }),
  );
}

/**
 * @param {string} name one of ISLANDS' names
 * @param {URL} [dir] where the widget folders are
 * @returns {Promise<import('../lib/html.js').SafeHtml>} the file, or a visible note when it does not exist yet
 */
export async function islandMarkup(name, dir = widgetsDir) {
  if (!ISLANDS.some((island) => island.name === name)) throw new Error(`unknown island: ${name}`);
  const file = `widgets/${name}/markup.html`;
  try {
    return trusted(await readFile(new URL(`${name}/markup.html`, dir), 'utf8'));
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
    return html`<div class="alert alert-warning markup-missing" role="note">
      <strong>markup missing:</strong> <code>${file}</code> does not exist yet.
    </div>`;
  }
}
