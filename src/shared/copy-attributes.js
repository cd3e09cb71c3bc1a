// @ts-check
/**
 * The one rule for what a later copy of a snippet numbers (copy-numbers.js gives the numbers), which
 * every side applies: the loader to a copy pasted by hand (src/loader/strategies/number-copy.ts), the
 * plugin as it prints a copy (wordpress-plugin/build/island-templates.mjs puts `%%copy%%` where this says, and
 * includes/island-render.php fills it) and the demo (mock-server/demo/markup-files.js); the islands name
 * their elements the same way as they mount. Plain JavaScript, because the plugin's build and the mock
 * server read it too; copy-attributes.cases.json writes it down case by case, and
 * wordpress-plugin/test/copy-numbers.test.ts holds every side to those cases on one page. A module apart from
 * copy-numbers.js, which the islands share: only the intent strategy's chunk downloads this one.
 */

/**
 * The attributes of an element of a snippet that a later copy numbers: its `id`, a label's `for`, and
 * the `name` of a visible field (input, select, textarea) named like its id. Any other name stays: a
 * hidden field's name, or a name unlike the field's id, is its key in the page's address or the form's
 * post, which the site reads by that name in every copy.
 * @param {Pick<Element, 'localName' | 'getAttribute'>} element an element, or a tag's name and attributes
 * @returns {('id' | 'for' | 'name')[]}
 */
export function numberedAttributes(element) {
  const { localName } = element;
  const id = element.getAttribute('id');
  /** @type {('id' | 'for' | 'name')[]} */
  const numbered = id === null ? [] : ['id'];
  if (localName === 'label' && element.getAttribute('for') !== null) numbered.push('for');
  const hidden = localName === 'input' && element.getAttribute('type')?.toLowerCase() === 'hidden';
  const field = localName === 'input' || localName === 'select' || localName === 'textarea';
  if (field && !hidden && id !== null && element.getAttribute('name') === id) numbered.push('name');
  return numbered;
}
