// A stand-in for Google's tag on the demo: it defines window.dataLayer (so the conversion tracker has
// somewhere to report) and lists every entry pushed to it in the page's debug panel, so a person can
// see the events. Loaded as a classic script before the islands, so the array exists when they start.
(() => {
  const page = /** @type {Window & {dataLayer?: unknown}} */ (window);
  /** @type {unknown[]} */
  const dataLayer = Array.isArray(page.dataLayer) ? page.dataLayer : [];
  page.dataLayer = dataLayer;

  /** @param {unknown} entry */
  const describe = (entry) => {
    // gtag() pushes its `arguments` object; show it as the list it is.
    const value =
      Object.prototype.toString.call(entry) === '[object Arguments]'
        ? [.../** @type {IArguments} */ (entry)]
        : entry;
    try {
      return JSON.stringify(value);
    } catch {
      return String(value);
    }
  };

  /** @param {unknown} entry */
  const show = (entry) => {
    const list = document.getElementById('analytics-debug-events');
    if (!list) return false;
    // Code, as it is pushed: the panel shows a developer the raw event, not words for a visitor.
    const code = document.createElement('code');
    code.textContent = describe(entry);
    const item = document.createElement('li');
    item.append(code);
    list.append(item);
    return true;
  };

  const waiting = [...dataLayer];
  const push = dataLayer.push;
  dataLayer.push = function (...entries) {
    for (const entry of entries) if (!show(entry)) waiting.push(entry);
    return push.apply(this, entries);
  };
  document.addEventListener('DOMContentLoaded', () => {
    for (const entry of waiting.splice(0)) show(entry);
  });
})();
