/**
 * Numbering for copies of one snippet on a page (two priority alerts, two donors searches), whose ids
 * must stay unique per tree (a document or a shadow root). Copies are numbered by their place in page
 * order, so the same page always gives the same ids whichever copy mounts first.
 */

/** The place (1, 2, …) of `host` among the elements of its tree that match `selector`; 1 when it is not among them. */
export function placeInTree(host: Element, selector: string): number {
  const tree = host.getRootNode();
  const hosts = 'querySelectorAll' in tree ? [...(tree as ParentNode).querySelectorAll(selector)] : [];
  return hosts.indexOf(host) + 1 || 1;
}

/** `id` for the first copy, `id-2` for the second, … */
export const idForCopy = (id: string, copy: number): string => (copy === 1 ? id : `${id}-${copy}`);
