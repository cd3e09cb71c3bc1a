// The demo theme's menu, as a WordPress theme's navigation does it: a button beside each parent link
// opens its sub-menu (aria-expanded), so a tap on a phone, where there is no hover, opens it instead of
// following the link; on a phone one "Menu" button folds the whole menu into a short header. Without
// this script the buttons stay hidden and the menu opens on hover and focus. It runs in the head, so the
// class that shows the buttons is there before the page is first drawn: the header never moves.
document.documentElement.classList.add('has-menu-buttons');
document.addEventListener('DOMContentLoaded', () => {
  const header = document.querySelector('.site-header');
  if (!header) return;
  const toggles = /** @type {HTMLButtonElement[]} */ ([...header.querySelectorAll('[aria-controls]')]);
  /** @param {HTMLButtonElement} toggle @param {boolean} open */
  const setOpen = (toggle, open) => toggle.setAttribute('aria-expanded', String(open));
  const subMenuToggles = toggles.filter((toggle) => toggle.classList.contains('sub-menu-toggle'));
  for (const toggle of toggles) {
    toggle.addEventListener('click', () => {
      const open = toggle.getAttribute('aria-expanded') !== 'true';
      // One sub-menu open at a time, as the drop-downs cover each other.
      if (subMenuToggles.includes(toggle)) for (const other of subMenuToggles) setOpen(other, false);
      setOpen(toggle, open);
    });
  }
  header.addEventListener('keydown', (event) => {
    if (/** @type {KeyboardEvent} */ (event).key !== 'Escape') return;
    const open = subMenuToggles.find(
      (toggle) =>
        toggle.getAttribute('aria-expanded') === 'true' &&
        toggle.parentElement?.contains(document.activeElement),
    );
    if (!open) return;
    setOpen(open, false);
    open.focus();
  });
  // A click or a tap anywhere else closes an open sub-menu, as leaving a drop-down does.
  document.addEventListener('click', (event) => {
    for (const toggle of subMenuToggles)
      if (!toggle.parentElement?.contains(/** @type {Node} */ (event.target))) setOpen(toggle, false);
  });
});
