// The demo's consent banner (see demo/consent.js): its buttons record the visitor's choice for
// statistics and marketing through the WP Consent API, as a consent plugin's banner does, and it shows
// the choice the API's cookies hold.
(() => {
  const categories = ['statistics', 'marketing'];
  const page = /** @type {Window & { wp_set_consent?: (category: string, value: string) => void,
    consent_api_get_cookie?: (name: string) => string, consent_api?: { cookie_prefix: string } }} */ (
    /** @type {unknown} */ (window)
  );
  const state = document.getElementById('consent-switch-state');
  const show = () => {
    if (!state || !page.consent_api_get_cookie || !page.consent_api) return;
    const prefix = page.consent_api.cookie_prefix;
    const read = /** @type {(name: string) => string} */ (page.consent_api_get_cookie);
    const values = categories.map(
      (category) => `${category} ${read(`${prefix}_${category}`) || 'not chosen'}`,
    );
    state.textContent = values.join(', ');
  };
  document.addEventListener('click', (event) => {
    const button = /** @type {Element} */ (event.target).closest('[data-consent]');
    const value = button?.getAttribute('data-consent');
    if (!value || !page.wp_set_consent) return;
    for (const category of categories) page.wp_set_consent(category, value);
    show();
  });
  show();
})();
