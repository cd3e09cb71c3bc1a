/** The only flag value that turns the additional-details feature on. */
const FLAG_ON = '1';
/** The answer that reveals the section, compared ignoring case (the site prints `Yes`). */
const REVEALING_ANSWER = 'yes';
/** The hidden input that carries the flag. */
const FLAG_FIELD = 'provide_additional_details';

/**
 * Whether the form asks for additional details: its flag field holds exactly "1". Anything else — "0",
 * "true", " 1", a missing field — leaves the section hidden whatever the answers are.
 */
export function detailsEnabled(form: HTMLFormElement): boolean {
  const flag = form.elements.namedItem(FLAG_FIELD);
  return flag instanceof HTMLInputElement && flag.value === FLAG_ON;
}

/**
 * Whether any checked radio of the form answers "yes". `form.elements` rather than a query inside the
 * form, so radios placed outside it with `form="…"` count too.
 */
export function hasYesAnswer(form: HTMLFormElement): boolean {
  return Array.from(form.elements).some(
    (field) =>
      field instanceof HTMLInputElement &&
      field.type === 'radio' &&
      field.checked &&
      field.value.toLowerCase() === REVEALING_ANSWER,
  );
}
