// @ts-check
/**
 * Numbering for copies of one snippet on a page (two priority alerts, two donors searches), whose ids
 * must stay unique per tree (a document or a shadow root). Copies are numbered by their place in page
 * order, so the same page always gives the same ids whichever copy mounts first.
 *
 * Plain JavaScript, because the plugin's build and the mock server number copies too; what a copy
 * numbers is copy-attributes.js.
 */

/**
 * The place (1, 2, …) of `host` among the elements of its tree that match `selector`; 1 when it is not among them.
 * @param {Element} host
 * @param {string} selector
 * @returns {number}
 */
export function placeInTree(host, selector) {
  const tree = host.getRootNode();
  const hosts =
    'querySelectorAll' in tree ? [.../** @type {ParentNode} */ (tree).querySelectorAll(selector)] : [];
  return hosts.indexOf(host) + 1 || 1;
}

/**
 * `id` for the first copy, `id-2` for the second, …
 * @param {string} id
 * @param {number} copy
 * @returns {string}
 */
export const idForCopy = (id, copy) => (copy === 1 ? id : `${id}-${copy}`);
