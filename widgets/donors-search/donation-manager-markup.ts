import { SEARCH_MARKUP } from '../donation-manager-search-markup.js';
import { byClass, byId } from '../markup-selectors.js';
import type { LiveRegions } from './live-regions.ts';

/**
 * The look of the parts Donation Manager prints, which the island keeps: the classes of its alerts and
 * table, and the `<code>` its sentence's values sit in.
 */
export interface DonationManagerLook {
  /** The status area's classes while a search runs (its printed ones, `alert alert-warning`). */
  workingClass: string;
  /** The results alert's printed classes (`alert alert-info alert-donors`). */
  alertClass: string;
  /** The printed table's classes (`table table-striped`), kept beside the island's own. */
  tableClass: string;
}

/** Where the island renders on Donation Manager's markup, in the places of the parts it printed. */
export interface DonationManagerPlaces {
  regions: LiveRegions;
  /** Takes the map (and the donations chosen on it), in the printed `#map`'s place. */
  map: HTMLElement;
  /** Takes the table and its pages, in the printed table's place. */
  table: HTMLElement;
  look: DonationManagerLook;
}

const SEARCH = SEARCH_MARKUP;
const OUTSIDE_ISLANDS = ':not([data-island] *)';

/**
 * Takes over the parts Donation Manager's `[donors_in_your_area]` prints beside its form (see
 * docs/how-it-works.md#on-donation-managers-markup): they sit in another column, so they are found in
 * the form's tree wherever they are, outside the island's own markup. The status area
 * (`.alert-before`) becomes the live region it is in the island's markup: shown (its inline
 * `display: none` lifted), empty and without its alert classes while there is nothing to say. The
 * results alert, the map and the table are each swapped for an element the island renders into (the
 * alert's in a live region of its own, as in the island's markup), so the ids stay unique. A part the
 * page lacks is built after the one before it. The form's submits stop at it, so that the page's other
 * submit handlers (Donation Manager's search and its page-wide lock) never act on them. The returned
 * restore puts the form's validation and every printed part back as they were, contents, classes and
 * inline style included. Called before the island adopts the form's fields.
 */
export function adoptDonationManagerMarkup(form: HTMLFormElement): {
  places: DonationManagerPlaces;
  restore: () => void;
} {
  const doc = form.ownerDocument;
  const tree = form.getRootNode() as ParentNode;
  const find = (selector: string) => tree.querySelector<HTMLElement>(`${selector}${OUTSIDE_ISLANDS}`);
  const stop = (event: Event) => event.stopPropagation();
  form.addEventListener('submit', stop);
  const validates = !form.noValidate;
  const undo: (() => void)[] = [
    () => {
      form.removeEventListener('submit', stop);
      form.noValidate = !validates;
    },
  ];
  let last: Element = form;
  const place = (printed: HTMLElement | null, className: string) => {
    const element = doc.createElement('div');
    element.className = className;
    if (printed) {
      printed.replaceWith(element);
      undo.push(() => element.replaceWith(printed));
    } else {
      last.after(element);
      undo.push(() => element.remove());
    }
    last = element;
    return element;
  };

  const printedStatus = find(byClass(SEARCH.status));
  const status = printedStatus ?? doc.createElement('div');
  if (printedStatus) {
    const { className, childNodes } = printedStatus;
    const children = [...childNodes];
    const style = printedStatus.getAttribute('style');
    const role = printedStatus.getAttribute('role');
    undo.push(() => {
      printedStatus.className = className;
      printedStatus.replaceChildren(...children);
      setOrRemove(printedStatus, 'style', style);
      setOrRemove(printedStatus, 'role', role);
    });
    printedStatus.style.removeProperty('display');
    printedStatus.replaceChildren();
    last = printedStatus;
  } else {
    status.className = SEARCH.status;
    form.after(status);
    undo.push(() => status.remove());
    last = status;
  }
  status.setAttribute('role', 'status');
  const printedAlert = find(byClass(SEARCH.alert));
  const results = place(printedAlert, 'donors-results-status');
  results.setAttribute('role', 'status');
  const printedTable = find(byId(SEARCH.ids.table));
  const map = place(find(byId(SEARCH.ids.map)), 'donors-search-map-place');
  const table = place(printedTable, 'donors-search-table-place');

  const classesBut = (element: Element | null, own: string, fallback: string) =>
    element ? [...element.classList].filter((name) => name !== own).join(' ') : fallback;
  return {
    places: {
      regions: { status, results },
      map,
      table,
      look: {
        workingClass: classesBut(printedStatus, SEARCH.status, SEARCH.look.working),
        alertClass: printedAlert?.className ?? SEARCH.look.alert,
        tableClass: classesBut(printedTable, 'donors-search-table', SEARCH.look.table),
      },
    },
    restore() {
      for (const step of [...undo].reverse()) step();
    },
  };
}

function setOrRemove(element: Element, name: string, value: string | null) {
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}
