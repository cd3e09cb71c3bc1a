import { SEARCH_MARKUP } from '../donation-manager-search-markup.js';
import { byClass } from '../markup-selectors.js';
import { formatError, WORKING_CLASS } from './search/failure-rules.ts';
import type { SearchTexts } from './search-words.ts';

const SEARCH = SEARCH_MARKUP;

/** The search's two live regions: the status area and the results alert's region. */
export interface LiveRegions {
  status: HTMLElement;
  results: HTMLElement;
}

/**
 * The host's printed live regions (markup.html's `.alert-before` and `.donors-results-status`), which the
 * island renders into from then on: a screen reader announces a change to a live region it has known
 * since the page loaded, and often misses one in a region inserted moments before. A host printed
 * without them (an empty snippet) gets them built, with the same classes and data, right after `form`.
 * Their printed contents are taken out (the island renders the same thing at once); the returned
 * restore puts contents and classes back when the island is disposed.
 */
export function adoptLiveRegions(
  host: Element,
  form: HTMLFormElement,
  texts: SearchTexts,
): { regions: LiveRegions; restore: () => void } {
  const doc = host.ownerDocument;
  const built: HTMLElement[] = [];
  const region = (selector: string, className: string) => {
    let element = host.querySelector<HTMLElement>(`:scope > ${selector}`);
    if (!element) {
      element = doc.createElement('div');
      element.className = className;
      element.setAttribute('role', 'status');
      built.push(element);
    }
    return element;
  };
  const status = region(byClass(SEARCH.status), SEARCH.status);
  if (built.includes(status)) {
    status.dataset.workingText = texts.working;
    status.dataset.workingClass = WORKING_CLASS;
    status.dataset.failedText = formatError(texts.searchNotLoaded, texts.reloadAndSearch, texts.errorLine);
    status.dataset.failedClass = 'alert alert-danger';
  }
  const results = region('.donors-results-status', 'donors-results-status');
  form.after(...built);
  const printed = [status, results].map((element) => ({
    element,
    className: element.className,
    children: [...element.childNodes],
  }));
  status.replaceChildren();
  results.replaceChildren();
  return {
    regions: { status, results },
    restore() {
      for (const element of built) element.remove();
      for (const { element, className, children } of printed) {
        element.className = className;
        element.replaceChildren(...children);
      }
    },
  };
}
