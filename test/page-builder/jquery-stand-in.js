// A stand-in for the theme's jQuery (no network in the tests, and no jQuery in node_modules): the few
// calls a page builder's front end makes, with jQuery's behaviour for each.
(() => {
  const wrap = (elements) => ({
    elements,
    // Delegated handlers, as Elementor binds them on the document.
    on(type, selector, handler) {
      for (const element of elements)
        element.addEventListener(type, (event) => {
          const target = event.target instanceof Element ? event.target.closest(selector) : null;
          if (target) handler.call(target, event);
        });
      return this;
    },
    // jQuery parses the HTML and appends the nodes, as innerHTML would.
    append(html) {
      for (const element of elements) element.insertAdjacentHTML('beforeend', html);
      return this;
    },
    remove() {
      for (const element of elements) element.remove();
      return this;
    },
  });
  const jQuery = (selector) => {
    if (typeof selector === 'function') {
      if (document.readyState === 'loading')
        document.addEventListener('DOMContentLoaded', () => selector(jQuery));
      else selector(jQuery);
      return wrap([document]);
    }
    if (selector === document) return wrap([document]);
    return wrap([...document.querySelectorAll(selector)]);
  };
  window.jQuery = jQuery;
  window.$ = jQuery;
})();
