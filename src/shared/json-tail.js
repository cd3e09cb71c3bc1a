// @ts-check
/**
 * The JSON value a successful answer ends with. `wp_send_json()` prints its JSON last, and on a site that
 * displays PHP's errors the notices of that request come first (WordPress's own "called incorrectly"
 * notice for `wp_send_json()` inside a REST route among them), so the answer's text is the notices, then
 * the JSON. Tried from the start, then after each line break and at each `{` or `[` (a bounded number of
 * tries): the first whole JSON value that runs to the end, with only the whitespace JSON allows around
 * it (spaces, tabs, line breaks), wins. The plugin's printed search reads a route's output by the same
 * rule (`donation_widgets_json_tail()` in includes/search/search-route.php), held to the same cases
 * (json-tail.cases.json), and so does the demo's (widgets/donors-search/search/answer-rules.js): plain
 * JavaScript, which the demo server runs.
 *
 * @param {string} text
 * @returns {{ json: unknown } | undefined} the parsed value, or undefined when no JSON value runs to the end
 */
export function jsonTail(text) {
  /** @type {number | undefined} */
  let start = 0;
  for (let tries = 0; start !== undefined && tries < 40; tries++) {
    try {
      return { json: JSON.parse(text.slice(start)) };
    } catch {
      // Not JSON from here on (or nothing but whitespace): try the next candidate.
    }
    start = nextStart(text, start);
  }
  return undefined;
}

/**
 * The next candidate for the start of the JSON after `after`: past a line break, or at `{` or `[`.
 * @param {string} output
 * @param {number} after
 * @returns {number | undefined}
 */
function nextStart(output, after) {
  for (let index = after + 1; index < output.length; index++) {
    const char = output[index];
    if (char === '\n') return index + 1 < output.length ? index + 1 : undefined;
    if (char === '{' || char === '[') return index;
  }
  return undefined;
}
