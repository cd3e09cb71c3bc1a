import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  // A search puts itself in the page's address; the next test starts from the page without one.
  history.replaceState(null, '', '/');
});
