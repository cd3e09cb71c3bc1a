import { fillText } from '../../../src/shared/translated-texts.ts';
import type { SearchQuery } from '../search/donation.ts';
import type { FieldNames } from '../search/search-address.ts';
import { searchedZip } from '../search/searched-zip.js';
import { FIRST_COPY_IDS, type SearchIds } from '../search-ids.ts';
import type { SearchTexts } from '../search-words.ts';
import type { SearchOptions } from './host-options.ts';
import { choicesShowing, wordsLike } from './shown-choices.js';
import type { StartingOptions } from './starting-values.ts';

/** The form the page prints (markup.html), if the host has one: the island takes it over as it is. */
export const printedForm = (host: Element): HTMLFormElement | null =>
  host.querySelector<HTMLFormElement>('form.donors-search-form');

/**
 * What a submitted form asks for, each value trimmed and otherwise as entered (no client-side validation
 * beyond the island's own zip check), a ZIP+4 as its five-digit zip (../search/searched-zip.js).
 * A copy's fields are named as its ids (`zipcode-2` in the second copy); a field still under its first
 * name (a pasted copy submitted before the island numbered it) is read too.
 */
export function queryOf(data: FormData, names: FieldNames = FIRST_COPY_IDS): SearchQuery {
  const field = (key: keyof FieldNames) => {
    const value = data.get(names[key]) ?? data.get(key);
    return typeof value === 'string' ? value.trim() : '';
  };
  return { zipcode: searchedZip(field('zipcode')), radius: field('radius'), days: field('days') };
}

/** The form's visible field for `key` (`zipcode`, `radius`, `days`), under its first name or a copy's. */
export function fieldOf(
  form: HTMLFormElement,
  key: keyof FieldNames,
): HTMLInputElement | HTMLSelectElement | null {
  for (const element of form.elements)
    if (
      (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) &&
      // Hidden fields carry the address's other parameters (another copy's search among them).
      element.type !== 'hidden' &&
      (element.name === key || element.name.startsWith(`${key}-`))
    )
      return element;
  return null;
}

/**
 * Shows `query` in the form's fields, as a visitor would have typed and chosen it. A radius or days the
 * select lacks (a link's, see shown-choices.js) becomes a choice of its own, worded like the others.
 */
export function showQuery(form: HTMLFormElement, query: SearchQuery): void {
  for (const key of ['zipcode', 'radius', 'days'] as const) {
    const field = fieldOf(form, key);
    if (!field) continue;
    if (field instanceof HTMLSelectElement) addChoice(field, query[key]);
    field.value = query[key];
    // A value the route refuses is no choice: the select shows its default rather than nothing.
    if (field instanceof HTMLSelectElement && field.selectedIndex < 0) field.value = formDefault(field);
  }
}

/** The choice a select starts with: the one printed `selected`, else its first. */
export const formDefault = (select: HTMLSelectElement): string =>
  ([...select.options].find((option) => option.defaultSelected) ?? select.options[0])?.value ?? '';

/** Adds `value` to `select`'s choices where the rule says it belongs, worded like its first choice. */
function addChoice(select: HTMLSelectElement, value: string) {
  const values = [...select.options].map((option) => option.value);
  const shown = choicesShowing(values, value);
  const like = select.options[0];
  if (shown === values || !like) return;
  const words = wordsLike(like.text, like.value, value);
  select.add(new Option(words, value), select.options[shown.indexOf(value)] ?? null);
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
 * ids and field names (later copies get their own, labels follow), and the radius and days choices of the host's
 * attributes when the printed ones differ (a pasted snippet whose attributes were edited). The host's
 * starting values go in as defaults; the address's search (`options.start`), where there is one, is what
 * a field the visitor has not changed shows. Neither touches what the visitor typed or picked.
 */
export function adoptSearchForm(
  form: HTMLFormElement,
  ids: SearchIds,
  options: StartingOptions,
  texts: Pick<SearchTexts, 'radiusOption' | 'daysOption'>,
): void {
  form.id = ids.form;
  form.noValidate = true;
  const setId = (name: keyof FieldNames) => {
    const control = fieldOf(form, name);
    const label = control?.parentElement?.querySelector('label');
    if (!control) return;
    // The name too: each copy's search has its own place in the page's address (search-address.ts).
    control.id = control.name = ids[name];
    if (label) label.htmlFor = ids[name];
  };
  setId('zipcode');
  setId('radius');
  setId('days');
  const { start } = options;
  const zipcode = fieldOf(form, 'zipcode');
  if (zipcode instanceof HTMLInputElement) {
    const untouched = zipcode.value === zipcode.defaultValue;
    if (options.zipcode) zipcode.defaultValue = options.zipcode;
    if (start && untouched) zipcode.value = start.zipcode;
  }
  choose(fieldOf(form, 'radius'), options.radiusOptions, options.radius, start?.radius, (radius) =>
    fillText(texts.radiusOption, { radius }),
  );
  choose(fieldOf(form, 'days'), options.daysOptions, options.days, start?.days, (days) =>
    fillText(texts.daysOption, { days }),
  );
}

/**
 * Gives a select the choices `values` (each worded by `say`) with `chosen` as its default, and `shown`
 * (the address's) among them where the route takes it though `values` lack it (shown-choices.js). A pick
 * the visitor made stays when it is still a choice; an untouched select shows `shown` when it is one,
 * else `chosen`.
 */
function choose(
  element: unknown,
  values: readonly string[],
  chosen: string,
  shown: string | undefined,
  say: (value: string) => string,
) {
  const select = element as HTMLSelectElement | null;
  if (select?.localName !== 'select') return;
  const options = [...select.options];
  const printed = options.find((option) => option.defaultSelected) ?? options[0];
  const offered = choicesShowing(values, shown);
  const touched = select.value !== printed?.value && offered.includes(select.value);
  const picked = touched ? select.value : shown !== undefined && offered.includes(shown) ? shown : chosen;
  const printedValues = options.map((option) => option.value).join();
  if (printedValues !== offered.join()) {
    // The page's own words stay where its choices are the host's (Donation Manager's "Past 30 days").
    if (printedValues !== values.join())
      select.replaceChildren(...values.map((value) => new Option(say(value), value)));
    if (shown !== undefined) addChoice(select, shown);
  }
  // Only where it changes: a printed `selected="selected"` stays as the page wrote it.
  for (const option of select.options)
    if (option.defaultSelected !== (option.value === chosen))
      option.defaultSelected = option.value === chosen;
  select.value = picked;
}
