import { fillText } from '../../../src/shared/texts.ts';
import type { SearchQuery } from '../search/donation.ts';
import type { SearchIds } from '../search-ids.ts';
import type { SearchTexts } from '../search-texts.ts';
import type { SearchOptions } from './host-options.ts';

/** The form the page prints (markup.html), if the host has one: the island takes it over as it is. */
export const printedForm = (host: Element): HTMLFormElement | null =>
  host.querySelector<HTMLFormElement>('form.donors-search-form');

/** What a submitted form asks for, each value trimmed and otherwise as entered (no client-side validation). */
export function queryOf(data: FormData): SearchQuery {
  const field = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  return { zipcode: field('zipcode'), radius: field('radius'), days: field('days') };
}

/**
 * Builds the form the page would have printed (markup.html), for a host pasted before the page printed
 * it (an empty host): the same elements, classes, names and texts (the site's, `texts`), so both look
 * and behave alike.
 */
export function createSearchForm(
  doc: Document,
  ids: SearchIds,
  options: SearchOptions,
  texts: SearchTexts,
): HTMLFormElement {
  const form = doc.createElement('form');
  form.className = 'donors-search-form';
  const field = (name: string, label: string, control: HTMLInputElement | HTMLSelectElement) => {
    const box = doc.createElement('div');
    box.className = 'donors-search-field';
    const text = doc.createElement('label');
    text.textContent = label;
    control.name = name;
    box.append(text, control);
    form.append(box);
  };
  const zipcode = doc.createElement('input');
  zipcode.type = 'text';
  zipcode.inputMode = 'numeric';
  zipcode.autocomplete = 'postal-code';
  field('zipcode', texts.zipcodeLabel, zipcode);
  field('radius', texts.radiusLabel, doc.createElement('select'));
  field('days', texts.daysLabel, doc.createElement('select'));
  const button = doc.createElement('button');
  button.type = 'submit';
  button.className = 'wp-element-button';
  button.textContent = texts.search;
  form.append(button);
  adoptSearchForm(form, ids, options, texts);
  return form;
}

/**
 * Fits a form (printed or built) to this copy of the search without touching what the visitor did: its
 * ids (later copies get their own, labels follow), and the radius and days choices of the host's
 * attributes when the printed ones differ (a pasted snippet whose attributes were edited). Starting
 * values go in as defaults, which a browser applies only to a field the visitor has not changed.
 */
export function adoptSearchForm(
  form: HTMLFormElement,
  ids: SearchIds,
  options: SearchOptions,
  texts: Pick<SearchTexts, 'radiusOption' | 'daysOption'>,
): void {
  form.id = ids.form;
  form.noValidate = true;
  const setId = (name: keyof SearchIds) => {
    const control = form.elements.namedItem(name) as HTMLElement | null;
    const label = control?.parentElement?.querySelector('label');
    if (!control) return;
    control.id = ids[name];
    if (label) label.htmlFor = ids[name];
  };
  setId('zipcode');
  setId('radius');
  setId('days');
  const zipcode = form.elements.namedItem('zipcode') as HTMLInputElement | null;
  if (zipcode && options.zipcode) zipcode.defaultValue = options.zipcode;
  choose(form.elements.namedItem('radius'), options.radiusOptions, options.radius, (radius) =>
    fillText(texts.radiusOption, { radius }),
  );
  choose(form.elements.namedItem('days'), options.daysOptions, options.days, (days) =>
    fillText(texts.daysOption, { days }),
  );
}

/**
 * Gives a select the choices `values` (each worded by `say`) with `chosen` as its default. A pick the visitor made stays when it
 * is still a choice; an untouched select shows `chosen`.
 */
function choose(element: unknown, values: readonly string[], chosen: string, say: (value: string) => string) {
  const select = element as HTMLSelectElement | null;
  if (select?.localName !== 'select') return;
  const options = [...select.options];
  const printed = options.find((option) => option.defaultSelected) ?? options[0];
  const touched = select.value !== printed?.value && values.includes(select.value);
  const picked = touched ? select.value : chosen;
  if (options.map((option) => option.value).join() !== values.join())
    select.replaceChildren(...values.map((value) => new Option(say(value), value)));
  for (const option of select.options) option.defaultSelected = option.value === chosen;
  select.value = picked;
}
