import { idForCopy, placeInTree } from '../../shared/copy-numbers.ts';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const isField = (element: Element): element is Field =>
  element instanceof HTMLInputElement ||
  element instanceof HTMLSelectElement ||
  element instanceof HTMLTextAreaElement;

/**
 * Numbers a copy of an island's snippet as the island numbers it once it mounts, so that copies pasted
 * by hand never share an id, nor a label another copy's field, while the island waits for the visitor:
 * from the page's second copy of the island on (in page order, per tree), `-2`, `-3`, … after each id
 * and each label's `for`, and after the name of each visible field named like its id (its key in the
 * page's address). A copy printed numbered already (by the plugin or the demo) is left as it is.
 */
export function numberCopy(host: Element): void {
  const island = host.getAttribute('data-island');
  if (!island) return;
  const copy = placeInTree(host, `[data-island="${CSS.escape(island)}"]`);
  if (copy === 1) return;
  const numbered = (value: string) => (value.endsWith(`-${copy}`) ? value : idForCopy(value, copy));
  for (const element of host.querySelectorAll('[id]')) {
    if (isField(element) && element.type !== 'hidden' && element.name === element.id)
      element.name = numbered(element.name);
    element.id = numbered(element.id);
  }
  for (const label of host.querySelectorAll('label[for]'))
    label.setAttribute('for', numbered(label.getAttribute('for') ?? ''));
}
