/**
 * What the donor sent, shown on the thank-you page so the donor can see that nothing was lost on the
 * way: each answer under the words the form asked it with, never a field's code name. The words come
 * from the screening form's own markup (a question's legend, a field's label), so a question added there
 * shows here; what the form sends without asking (hidden fields, the button's name) is left out.
 */
import { readFileSync } from 'node:fs';
import { html } from '../lib/html.js';

const FORM = readFileSync(new URL('../../widgets/screening-questions/markup.html', import.meta.url), 'utf8');

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/** The text of a piece of markup: its tags dropped, its entities read, its spaces folded. */
const textOf = (/** @type {string} */ markup) =>
  markup
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, name) => ENTITIES[/** @type {keyof typeof ENTITIES} */ (name)])
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Each field the form asks about, by name, with the words that ask it: a fieldset's legend for the
 * radios in it, a label's text for the field its `for` names.
 * @returns {Map<string, string>}
 */
function questionsOf(/** @type {string} */ form) {
  const questions = new Map();
  for (const [, legend = '', body = ''] of form.matchAll(
    /<fieldset>\s*<legend>([\s\S]*?)<\/legend>([\s\S]*?)<\/fieldset>/g,
  ))
    for (const [, name = ''] of body.matchAll(/<input type="radio" name="([^"]+)"/g))
      questions.set(name, textOf(legend));
  for (const [, id = '', label = ''] of form.matchAll(/<label for="([^"]+)">([\s\S]*?)<\/label>/g)) {
    const name = new RegExp(`id="${id}" name="([^"]+)"`).exec(form)?.[1];
    if (name) questions.set(name, textOf(label));
  }
  return questions;
}

const QUESTIONS = questionsOf(FORM);

/** @param {unknown} value */
const answerText = (value) => (Array.isArray(value) ? value.join(', ') : String(value));

/**
 * @param {import('./forms.js').Submission | undefined} sent
 */
export const receivedAnswers = (sent) =>
  sent &&
  html`<section class="received-answers" aria-labelledby="received-title">
<h2 id="received-title">What we received</h2>
<dl>${[...QUESTIONS]
    .filter(([name]) => Object.hasOwn(sent.fields, name))
    .map(([name, question]) => html`<dt>${question}</dt><dd>${answerText(sent.fields[name])}</dd>`)}</dl>
</section>`;
