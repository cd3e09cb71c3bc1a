import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import apiFetch from '@wordpress/api-fetch';
import { afterEach } from 'vitest';

// Every REST client a test makes configures the one copy of api-fetch, as a page's one client does:
// what each test registered goes after it, so the next test's client starts from a clean copy.
const registered: Parameters<typeof apiFetch.use>[0][] = [];
const use = apiFetch.use;
apiFetch.use = (middleware) => {
  registered.push(middleware);
  use(middleware);
};
afterEach(() => {
  for (const middleware of registered.splice(0)) apiFetch.unregister(middleware);
  apiFetch.setFetchHandler(apiFetch.defaultFetchHandler);
  apiFetch.nonceMiddleware = undefined;
});

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  // A search puts itself in the page's address; the next test starts from the page without one.
  history.replaceState(null, '', '/');
});
