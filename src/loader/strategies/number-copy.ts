import { numberedAttributes } from '../../shared/copy-attributes.js';
import { idForCopy, placeInTree } from '../../shared/copy-numbers.js';

/**
 * Numbers a copy of an island's snippet as the island numbers it once it mounts, so that copies pasted
 * by hand never share an id, nor a label another copy's field, while the island waits for the visitor:
 * from the page's second copy of the island on (in page order, per tree), `-2`, `-3`, … after each
 * attribute the one rule of copy-attributes.js names (ids, labels' `for`, the names of visible fields
 * named like their id). A copy printed numbered already (by the plugin or the demo) is left as it is.
 */
export function numberCopy(host: Element): void {
  const island = host.getAttribute('data-island');
  if (!island) return;
  const copy = placeInTree(host, `[data-island="${CSS.escape(island)}"]`);
  if (copy === 1) return;
  for (const element of host.querySelectorAll('[id], label[for]'))
    for (const attribute of numberedAttributes(element)) {
      const value = element.getAttribute(attribute) ?? '';
      if (!value.endsWith(`-${copy}`)) element.setAttribute(attribute, idForCopy(value, copy));
    }
}
