/**
 * HTML built from server data is built here and nowhere else: every interpolated value is escaped
 * unless it is markup this module (or a trusted file) produced.
 */

/** @type {Record<string, string>} */
const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** @param {unknown} value */
export const escapeHtml = (value) => String(value).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** Markup that is already safe: the result of `html`, or a file an admin would paste into WordPress. */
export class SafeHtml {
  /** @param {string} value */
  constructor(value) {
    this.value = value;
  }
  toString() {
    return this.value;
  }
}

/** @param {string} markup trusted markup, never data from a request or the database */
export const trusted = (markup) => new SafeHtml(markup);

/** @param {unknown} value @returns {string} */
const render = (value) => {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(value);
};

/**
 * Tagged template: html`<p>${text}</p>` escapes `text`; arrays are joined; null, undefined and
 * false render nothing, so `${cond && html`…`}` works.
 * @param {TemplateStringsArray} strings
 * @param {...unknown} values
 */
export function html(strings, ...values) {
  return new SafeHtml(strings.reduce((out, string, i) => out + render(values[i - 1]) + string));
}

/**
 * JSON for a `<script type="application/json">` element. Escaping `<` means no value (such as
 * "</script>" or "<!--") can ever end the element or change how the parser reads it.
 * @param {unknown} value
 */
export const jsonForScript = (value) => trusted(JSON.stringify(value).replace(/</g, '\\u003c'));
