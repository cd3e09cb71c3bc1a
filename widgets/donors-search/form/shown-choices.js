/**
 * Which choices a radius or days select offers so that it can show a search's value: its own, plus the
 * value where a link, Back or Forward brings one the list lacks (`?radius=7`), in its place by size.
 * The route answers any one- or two-digit number, so the results say "within 7 miles"; the select then
 * says so too, and Search with nothing touched asks that search again. A value the route refuses
 * (`abc`, `150`) adds nothing: its answer names no radius, and the select keeps its own choice. One
 * rule for every printed form: the island (search-form.ts), the demo (mock-server/demo/printed-search.js)
 * and the plugin (donation_widgets_choices_showing() in includes/search/printed-search.php).
 * @param {readonly string[]} choices the select's own choices, in their order
 * @param {string | undefined} value the value to show
 * @returns {readonly string[]}
 */
export function choicesShowing(choices, value) {
  if (value === undefined || choices.includes(value) || !/^[0-9]{1,2}$/.test(value)) return choices;
  const at = choices.findIndex((choice) => Number(choice) > Number(value));
  return at < 0 ? [...choices, value] : [...choices.slice(0, at), value, ...choices.slice(at)];
}

/**
 * An option's words for another value, written like `like`'s: its value in its words swapped for
 * `value` ("15 miles" → "7 miles", "Past 30 days" → "Past 5 days"), so a choice a link adds reads as
 * the printed ones do in the site's language.
 * @param {string} words the printed option's words
 * @param {string} printed its value
 * @param {string} value
 */
export const wordsLike = (words, printed, value) =>
  printed && words.includes(printed) ? words.replace(printed, value) : value;
