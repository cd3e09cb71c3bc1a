/**
 * Post content a hostile author could write with the plugin's shortcode and blocks, generated from the
 * island manifest and the plugin's own templates, so that a new island, attribute or placeholder is tried
 * without touching the tests. Every payload, if it ever ran, would set `window.__pwn`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ISLANDS } from '../../widgets/islands.js';
import { blockMetadata } from '../build/block-metadata.mjs';
import { islandTemplates } from '../build/island-templates.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What a payload runs: the flag the suite checks. */
export const FLAG = '__pwn';
const RUN = `window.${FLAG}=1`;

/** An attribute no island takes, so the notes about it are tried too. */
const UNKNOWN_ATTRIBUTE = 'colour';

/** Islands an author places, with the attributes the manifest lets them set and their block's editor controls. */
export const PLACEABLE = ISLANDS.filter(({ host }) => 'selector' in host).map((island) => ({
  name: island.name,
  attributes: Object.keys(island.attributes ?? {}),
  supports: blockMetadata(island).supports as Record<string, unknown>,
}));

/**
 * What the editor's own controls (block supports) store in a block, each set to `value`: the anchor, the
 * Additional CSS class, the alignment and the spacing, where the block takes them.
 */
function controlAttributes(supports: Record<string, unknown>, value: string) {
  return {
    ...(supports.anchor ? { anchor: value } : {}),
    ...(supports.customClassName ? { className: value } : {}),
    ...(supports.align ? { align: value } : {}),
    ...(supports.spacing ? { style: { spacing: { padding: { top: value }, margin: { top: value } } } } : {}),
  };
}

/** Every placeholder the plugin's templates hold (`%%content%%`, `%%value:zipcode%%`, …). */
export function templatePlaceholders(): string[] {
  const found = new Set<string>();
  for (const { html, content, options } of Object.values(islandTemplates(root))) {
    for (const markup of [html, content, ...Object.values(options)])
      for (const [placeholder] of markup.matchAll(/%%[\w:-]+%%/g)) found.add(placeholder);
  }
  return [...found].sort();
}

/** Values of an attribute that try to leave it, to carry a script URL, or to be filled again later. */
export function hostileValues(): string[] {
  return [
    // Quote breakouts, plain and as entities.
    `x" onmouseover="${RUN}" style="position:fixed;inset:0" y="`,
    `x' onmouseover='${RUN}' y='`,
    `x\` onmouseover=\`${RUN}\` y=\``,
    `x&quot; onfocus=&quot;${RUN}&quot; autofocus tabindex=&quot;0`,
    `x&#34; onmouseover=${RUN} y`,
    `"><img src=x onerror=${RUN}>`,
    `</form></div><svg onload=${RUN}>`,
    // Placeholders, on their own and behind a path, as a URL check lets them through.
    ...templatePlaceholders().flatMap((placeholder) => [
      placeholder,
      `/${placeholder}`,
      `/${placeholder}.jpg`,
    ]),
    // Script URLs, in mixed case, with whitespace and control characters.
    `javascript:${RUN}`,
    `JaVaScRiPt:${RUN}`,
    ` javascript:${RUN}`,
    `java\tscript:${RUN}`,
    `\njavascript:${RUN}`,
    `data:text/html;base64,${Buffer.from(`<script>${RUN}</script>`).toString('base64')}`,
    `DATA:image/svg+xml,<svg onload=${RUN}>`,
    `vbscript:${RUN}`,
    ` VBScript:${RUN}`,
    // CSS url() breakouts for the lazy background's image.
    `/x.jpg") , url("javascript:${RUN}`,
    `/x.jpg');background:url(javascript:${RUN});x:('`,
    `/x.jpg);}*{background:url(data:image/svg+xml,<svg onload=${RUN}>)`,
    `https://example.test/x.jpg" style="position:fixed;inset:0" onmouseover="${RUN}`,
    // A shortcode as a value.
    `[donation_widget island="screening-questions" action="/%%content%%"]`,
  ];
}

/** The breakout that reached an Admin: kses keeps this title, then rewrites it in double quotes. */
const TITLE_BREAKOUT = `<p title="x onmouseover=${RUN} style=position:fixed;inset:0;z-index:2147483647 y">Question</p>`;

/** HTML an author may enclose (kses filters it as it filters any post). */
export function hostileContents(): string[] {
  return [
    TITLE_BREAKOUT,
    `<p><a href="/%%content%%" title="%%attributes%%">A link</a> and <img src="/x.jpg" alt="%%content%%" onerror="${RUN}"></p>`,
    // A nested shortcode, and a shortcode inside an HTML attribute.
    `[donation_widget island="screening-questions" action="/%%content%%"]${TITLE_BREAKOUT}[/donation_widget]`,
    `<p title='[donation_widget island="lazy-background" lazy-background="/%%content%%.jpg"]${RUN}[/donation_widget]'>Text</p>`,
  ];
}

/** A shortcode attribute, quoted with the quote the value does not hold (if any). */
function shortcodeAttribute(name: string, value: string) {
  return value.includes('"') && !value.includes("'") ? `${name}='${value}'` : `${name}="${value}"`;
}

/** Every placeable island with every attribute (and one it does not take) set to each value, enclosing content. */
export function hostileShortcodes(): string {
  const contents = hostileContents();
  return hostileValues()
    .flatMap((value, index) =>
      PLACEABLE.map(({ name, attributes }) => {
        const set = [...attributes, UNKNOWN_ATTRIBUTE].map((attribute) =>
          shortcodeAttribute(attribute, value),
        );
        const enclosed = contents[index % contents.length];
        return `[donation_widget island="${name}" ${set.join(' ')}]${enclosed}[/donation_widget]`;
      }),
    )
    .join('\n\n');
}

/**
 * Block attributes as the editor serializes them (serializeAttributes in @wordpress/blocks): JSON with
 * `--`, `<`, `>`, `&` and `"` inside strings written as \u escapes, so quotes arrive as `\u0022`.
 */
function blockAttributes(attributes: Record<string, unknown>) {
  return JSON.stringify(attributes)
    .replace(/--/g, '\\u002d\\u002d')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\\"/g, '\\u0022');
}

/**
 * The same as blocks, with the editor's controls set to the value too: attributes in the comment, the
 * content as inner HTML and, in the lazy background, inner blocks.
 */
export function hostileBlocks(): string {
  const contents = hostileContents();
  return hostileValues()
    .flatMap((value, index) =>
      PLACEABLE.map(({ name, attributes, supports }) => {
        const json = blockAttributes({
          ...Object.fromEntries([...attributes, UNKNOWN_ATTRIBUTE].map((attribute) => [attribute, value])),
          ...controlAttributes(supports, value),
        });
        const html = contents[index % contents.length];
        const inner =
          name === 'lazy-background' ? `<!-- wp:paragraph -->\n${html}\n<!-- /wp:paragraph -->` : html;
        return `<!-- wp:donation-widgets/${name} ${json} -->\n${inner}\n<!-- /wp:donation-widgets/${name} -->`;
      }),
    )
    .join('\n\n');
}
