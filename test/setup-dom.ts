import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// A warning Node prints (a listener count past its leak limit, a deprecation) is a fault of the code or
// of a test, never noise to scroll past: it fails the run where it happens, as an unhandled error.
process.on('warning', (warning) => {
  throw warning;
});

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  // A search puts itself in the page's address; the next test starts from the page without one.
  history.replaceState(null, '', '/');
});
