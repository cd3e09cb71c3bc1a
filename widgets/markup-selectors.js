// @ts-check
/** `#id` as a selector. @param {string} id */
export const byId = (id) => `#${id}`;

/** `.a.b` as a selector, from one class or several. @param {string | readonly string[]} classes */
export const byClass = (classes) =>
  (typeof classes === 'string' ? [classes] : classes).map((c) => `.${c}`).join('');
